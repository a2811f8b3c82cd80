//! Chinese checkers for two players on the star of 121 cells. The moves lud
//! finds are compared, position by position, with a small independent game
//! written here: the star as the cells of cube coordinates (a, b, c), a + b +
//! c = 0, inside one of its two great triangles; hops found by a search over
//! the cells a marble can land on. Moves are compared by the squares they
//! leave and reach (lud writes a series by its shortest route).

#[path = "support/common.rs"]
mod common;

use std::collections::{BTreeSet, HashMap, HashSet};

use common::{legal, play, pos};
use lud::{Game, Outcome, Position};

fn game() -> Game {
    common::game("games/chinese-checkers.lud")
}

/// A cell in cube coordinates (a, b), c = -a - b; lud's square is file a + 8,
/// rank b + 8 (counting from 0).
type Cell = (i32, i32);

/// The six neighbours: along the three axes, both ways.
const SIX: [Cell; 6] = [(1, 0), (-1, 0), (0, 1), (0, -1), (1, -1), (-1, 1)];

/// Whether the cell is on the star: in the triangle where every coordinate is
/// at least -4, or in the one where every coordinate is at most 4.
fn on_star((a, b): Cell) -> bool {
    let c = -a - b;
    (a >= -4 && b >= -4 && c >= -4) || (a <= 4 && b <= 4 && c <= 4)
}

fn name((a, b): Cell) -> String {
    format!("{}{}", (b'a' + (a + 8) as u8) as char, b + 9)
}

fn cells() -> Vec<Cell> {
    let mut v = Vec::new();
    for b in -8..=8 {
        for a in -8..=8 {
            if on_star((a, b)) {
                v.push((a, b));
            }
        }
    }
    v
}

/// The far points: White's goal (the top, b > 4) and Black's (the bottom).
fn north((_, b): Cell) -> bool {
    b > 4
}
fn south((_, b): Cell) -> bool {
    b < -4
}

/// The independent game: each player's marbles, and whose turn it is.
#[derive(Clone, PartialEq, Eq, Hash, Debug)]
struct Ref {
    marbles: [BTreeSet<Cell>; 2],
    black_to_move: bool,
}

impl Ref {
    fn start() -> Ref {
        let all = cells();
        Ref {
            marbles: [
                all.iter().copied().filter(|&c| south(c)).collect(),
                all.iter().copied().filter(|&c| north(c)).collect(),
            ],
            black_to_move: false,
        }
    }

    fn taken(&self, c: Cell) -> bool {
        self.marbles[0].contains(&c) || self.marbles[1].contains(&c)
    }

    fn free(&self, c: Cell) -> bool {
        on_star(c) && !self.taken(c)
    }

    /// Every move as (from, to): a step, or any cell a series of hops
    /// reaches (each hop over a marble next to it onto the free cell right
    /// behind), never the cell it left.
    fn moves(&self) -> BTreeSet<(Cell, Cell)> {
        let side = usize::from(self.black_to_move);
        let mut out = BTreeSet::new();
        for &(a, b) in &self.marbles[side] {
            for (da, db) in SIX {
                if self.free((a + da, b + db)) {
                    out.insert(((a, b), (a + da, b + db)));
                }
            }
            // The marble has left its cell: that cell is free to hop into.
            let mut reached = HashSet::from([(a, b)]);
            let mut todo = vec![(a, b)];
            while let Some((x, y)) = todo.pop() {
                for (da, db) in SIX {
                    let over = (x + da, y + db);
                    let land = (x + 2 * da, y + 2 * db);
                    let land_free = on_star(land) && (land == (a, b) || !self.taken(land));
                    if over != (a, b) && self.taken(over) && land_free && reached.insert(land) {
                        out.insert(((a, b), land));
                        todo.push(land);
                    }
                }
            }
        }
        out
    }

    fn play(&self, (from, to): (Cell, Cell)) -> Ref {
        let mut next = self.clone();
        let side = usize::from(self.black_to_move);
        next.marbles[side].remove(&from);
        next.marbles[side].insert(to);
        next.black_to_move = !self.black_to_move;
        next
    }

    /// A win: the far point full, with at least one of the player's own.
    fn winner(&self) -> Option<usize> {
        let all = cells();
        for (side, goal) in [(0, north as fn(Cell) -> bool), (1, south)] {
            let point: Vec<Cell> = all.iter().copied().filter(|&c| goal(c)).collect();
            let full = point.iter().all(|&c| self.taken(c));
            let own = point.iter().any(|c| self.marbles[side].contains(c));
            if full && own {
                return Some(side);
            }
        }
        None
    }
}

fn ref_perft(r: &Ref, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    let moves = r.moves();
    if depth == 1 {
        return moves.len() as u64;
    }
    moves
        .iter()
        .map(|&m| ref_perft(&r.play(m), depth - 1))
        .sum()
}

/// lud's legal moves as (from, to) pairs of square names.
fn lud_pairs(p: &Position) -> BTreeSet<(String, String)> {
    let b = &p.model().board;
    p.legal_moves()
        .into_iter()
        .map(|m| (b.name(m.from().unwrap() as u16), b.name(m.to() as u16)))
        .collect()
}

fn ref_pairs(r: &Ref) -> BTreeSet<(String, String)> {
    r.moves()
        .into_iter()
        .map(|(f, t)| (name(f), name(t)))
        .collect()
}

#[test]
fn chinese_checkers_perft_matches_an_independent_counter() {
    let g = game();
    let start = g.start();
    for depth in 1..=4 {
        let lud = lud::perft::perft(&start, depth);
        assert_eq!(lud, ref_perft(&Ref::start(), depth), "depth {depth}");
    }
    // Each side's first move: eight steps from the front row of four, and
    // six hops over it from the row behind.
    assert_eq!(lud::perft::perft(&start, 1), 14);
}

/// Depth 5 against the independent counter: seconds in an optimised build.
#[test]
#[ignore = "long: run with --ignored in an optimised build (CI does)"]
fn chinese_checkers_perft_5_matches_an_independent_counter() {
    let start = game().start();
    assert_eq!(lud::perft::perft(&start, 5), ref_perft(&Ref::start(), 5));
}

#[test]
fn chinese_checkers_the_star_has_121_cells() {
    let g = game();
    let board = &g.model().board;
    let all = cells();
    assert_eq!(all.len(), 121);
    let mut named = 0;
    for y in 0..17u8 {
        for x in 0..17u8 {
            let sq = format!("{}{}", (b'a' + x) as char, y + 1);
            let cell = (i32::from(x) - 8, i32::from(y) - 8);
            assert_eq!(board.parse(&sq).is_some(), on_star(cell), "{sq}");
            named += usize::from(board.parse(&sq).is_some());
        }
    }
    assert_eq!(named, 121);
    // The points' tips, and a hole beside one.
    assert_eq!(common::name_on(&g.start(), "m1").as_deref(), Some("Marble"));
    assert_eq!(
        common::name_on(&g.start(), "e17").as_deref(),
        Some("Marble")
    );
    assert!(board.parse("l1").is_none());
}

/// A position: marbles on squares ('M' White's, 'm' Black's), the side to
/// move ('w' or 'b').
fn fen(marbles: &[(&str, char)], side: char) -> String {
    let mut rows = vec![vec![None; 17]; 17];
    for (sq, c) in marbles {
        let x = usize::from(sq.as_bytes()[0] - b'a');
        let y: usize = sq[1..].parse().unwrap();
        rows[y - 1][x] = Some(*c);
    }
    let mut out = Vec::new();
    for row in rows.iter().rev() {
        let mut s = String::new();
        let mut gap = 0;
        for c in row {
            match c {
                None => gap += 1,
                Some(c) => {
                    if gap > 0 {
                        s.push_str(&gap.to_string());
                        gap = 0;
                    }
                    s.push(*c);
                }
            }
        }
        if gap > 0 {
            s.push_str(&gap.to_string());
        }
        out.push(s);
    }
    format!("{} {side} - - 0 1", out.join("/"))
}

#[test]
fn chinese_checkers_hops_go_over_any_marble_and_may_stop_after_any_hop() {
    let g = game();
    let start = g.start();
    // From the row behind the front: over a marble of its own.
    assert!(
        legal(&start).contains(&"k3k5".to_string()),
        "{:?}",
        legal(&start)
    );
    // A series: a White marble on i5 hops over i6 (Black) to i7, then over
    // i8 (White) to i9; both stops are moves, and nothing is taken.
    let mut p = pos(&g, &fen(&[("i5", 'M'), ("i6", 'm'), ("i8", 'M')], 'w'));
    let moves = legal(&p);
    assert!(moves.contains(&"i5i7".to_string()), "{moves:?}");
    assert!(moves.contains(&"i5i7i9".to_string()), "{moves:?}");
    play(&mut p, "i5i7i9");
    assert_eq!(common::piece_on(&p, "i6"), Some(("Marble".into(), 1)));
    assert_eq!(common::piece_on(&p, "i8"), Some(("Marble".into(), 0)));
    assert_eq!(common::piece_on(&p, "i9"), Some(("Marble".into(), 0)));
    // No hop over two marbles, nor onto a taken cell.
    let p = pos(&g, &fen(&[("i5", 'M'), ("i6", 'M'), ("i7", 'm')], 'w'));
    let moves = legal(&p);
    assert!(
        !moves
            .iter()
            .any(|m| m.starts_with("i5") && (m.ends_with("i7") || m.ends_with("i8"))),
        "{moves:?}"
    );
}

/// The north point, White's goal.
const NORTH: [&str; 10] = [
    "e14", "f14", "g14", "h14", "e15", "f15", "g15", "e16", "f16", "e17",
];

#[test]
fn chinese_checkers_the_far_point_filled_wins_counting_marbles_left_there() {
    let g = game();
    let black = ["e9", "f9", "g9", "h9", "i9", "j9", "k9", "l9", "m9", "e10"];
    // Nobody has won yet; White's e13e14 fills the north point and wins.
    let fills_and_wins = |marbles: &[(&str, char)]| {
        let mut p = pos(&g, &fen(marbles, 'w'));
        assert!(p.outcome().is_none(), "{p}");
        play(&mut p, "e13e14");
        assert_eq!(
            p.outcome(),
            Some(Outcome::win(0, "the far point filled")),
            "{p}"
        );
    };
    // White has nine marbles in the north point and one on e13 beside it.
    let mut marbles: Vec<(&str, char)> = NORTH[1..].iter().map(|&s| (s, 'M')).collect();
    marbles.push(("e13", 'M'));
    marbles.extend(black.iter().map(|&s| (s, 'm')));
    fills_and_wins(&marbles);
    // Black left two marbles at home: the point is full with White's eight
    // and Black's two, and White wins all the same.
    let mut marbles: Vec<(&str, char)> = NORTH[1..8].iter().map(|&s| (s, 'M')).collect();
    marbles.extend([("e13", 'M'), ("f16", 'm'), ("e17", 'm')]);
    marbles.extend(black[..8].iter().map(|&s| (s, 'm')));
    fills_and_wins(&marbles);
    // Full with Black's own ten (the start): nobody has won.
    assert!(g.start().outcome().is_none());
}

/// Plays random games with lud and the independent game side by side: the
/// same moves at every position, and the same ending.
#[test]
fn chinese_checkers_random_games_agree_with_an_independent_game() {
    let g = game();
    let mut plies = 0;
    for seed in 0..24u64 {
        let mut rng = fastrand::Rng::with_seed(seed);
        let mut p: Position = g.start();
        let mut r = Ref::start();
        let mut seen: HashMap<Ref, u32> = HashMap::from([(r.clone(), 1)]);
        for ply in 0..160 {
            let expected = if let Some(w) = r.winner() {
                Some(Outcome::win(w, "the far point filled"))
            } else if seen[&r] >= 3 {
                Some(Outcome::draw("repetition"))
            } else {
                None
            };
            assert_eq!(p.outcome(), expected, "seed {seed} ply {ply}\n{p}");
            if expected.is_some() {
                break;
            }
            let pairs = lud_pairs(&p);
            assert_eq!(pairs.len(), p.legal_moves().len(), "no move twice");
            assert_eq!(pairs, ref_pairs(&r), "seed {seed} ply {ply}\n{p}");
            let moves: Vec<(Cell, Cell)> = r.moves().into_iter().collect();
            let (f, t) = moves[rng.usize(..moves.len())];
            let m = p
                .legal_moves()
                .into_iter()
                .find(|m| {
                    let b = &p.model().board;
                    b.name(m.from().unwrap() as u16) == name(f) && b.name(m.to() as u16) == name(t)
                })
                .unwrap();
            p.play(m).unwrap();
            r = r.play((f, t));
            *seen.entry(r.clone()).or_default() += 1;
            plies += 1;
        }
    }
    assert!(plies > 2000, "{plies} plies compared");
}
