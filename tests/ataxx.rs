//! Ataxx: a clone is a drop next to a piece of the mover's (`(nextTo All
//! owner:Mover)`), a jump a leap of two squares over anything (holes too),
//! and either turns every enemy piece around the square reached (`(flip
//! (around All))`). Random games, with and without the blockers, are
//! refereed move by move by a small independent Ataxx written here (its own
//! board, moves, turning and end), and counts of two plies below positions
//! of those games are checked against its own count. The published counts
//! are in tests/perft/ataxx.perft.

#[path = "support/common.rs"]
mod common;

use common::{legal, play};
use lud::{Game, Outcome, Position};

const N: i32 = 7;

fn game(blockers: &str) -> Game {
    common::game_with("games/ataxx.lud", None, &[("blockers", blockers)])
}

/// The referee's Ataxx: each square's owner (`Some(2)` for a hole), the
/// player to move.
#[derive(Clone)]
struct Referee {
    board: Vec<Option<usize>>,
    to_move: usize,
}

const HOLE: Option<usize> = Some(2);

/// How the referee's game ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum End {
    /// This player has more pieces.
    Won(usize),
    /// As many pieces each.
    Drawn,
}

fn name(q: i32) -> String {
    format!("{}{}", char::from(b'a' + (q % N) as u8), q / N + 1)
}

fn at(x: i32, y: i32) -> Option<i32> {
    ((0..N).contains(&x) && (0..N).contains(&y)).then_some(y * N + x)
}

impl Referee {
    fn new(holes: bool) -> Referee {
        let mut board = vec![None; (N * N) as usize];
        for (sq, who) in [("a7", 0), ("g1", 0), ("a1", 1), ("g7", 1)] {
            board[square(sq)] = Some(who);
        }
        if holes {
            for sq in ["c3", "e3", "c5", "e5"] {
                board[square(sq)] = HOLE;
            }
        }
        Referee { board, to_move: 0 }
    }

    /// The squares `d` away (in the king's metric) from `q`, on the board.
    fn ring(q: i32, d: i32) -> Vec<i32> {
        let (x, y) = (q % N, q / N);
        let mut out = Vec::new();
        for dy in -d..=d {
            for dx in -d..=d {
                if dx.abs().max(dy.abs()) == d {
                    out.extend(at(x + dx, y + dy));
                }
            }
        }
        out
    }

    fn empty(&self, q: i32) -> bool {
        self.board[q as usize].is_none()
    }

    /// The legal moves as lud writes them: `@c6` for a clone (one per
    /// square filled), `a7c5` for a jump, `pass` when there is neither.
    fn moves(&self) -> Vec<String> {
        let me = self.to_move;
        let mut out = Vec::new();
        for q in 0..N * N {
            if self.empty(q)
                && Self::ring(q, 1)
                    .iter()
                    .any(|&r| self.board[r as usize] == Some(me))
            {
                out.push(format!("@{}", name(q)));
            }
            if self.board[q as usize] == Some(me) {
                for t in Self::ring(q, 2) {
                    if self.empty(t) {
                        out.push(format!("{}{}", name(q), name(t)));
                    }
                }
            }
        }
        if out.is_empty() {
            out.push("pass".into());
        }
        out.sort();
        out
    }

    fn play(&mut self, m: &str) {
        let me = self.to_move;
        if m != "pass" {
            let to = if let Some(t) = m.strip_prefix('@') {
                square(t)
            } else {
                self.board[square(&m[..2])] = None;
                square(&m[2..])
            };
            self.board[to] = Some(me);
            for r in Self::ring(to as i32, 1) {
                if self.board[r as usize] == Some(1 - me) {
                    self.board[r as usize] = Some(me);
                }
            }
        }
        self.to_move = 1 - me;
    }

    fn count(&self, who: usize) -> usize {
        self.board.iter().filter(|&&c| c == Some(who)).count()
    }

    /// Whether `who` could clone or jump.
    fn can_move(&self, who: usize) -> bool {
        let mut r = self.clone();
        r.to_move = who;
        r.moves() != ["pass"]
    }

    /// The game's end, judged after a move: the player to move has no
    /// piece, or neither can move; more pieces wins.
    fn over(&self) -> Option<End> {
        let (a, b) = (self.count(0), self.count(1));
        let ended = self.count(self.to_move) == 0 || !(self.can_move(0) || self.can_move(1));
        ended.then(|| match a.cmp(&b) {
            std::cmp::Ordering::Greater => End::Won(0),
            std::cmp::Ordering::Less => End::Won(1),
            std::cmp::Ordering::Equal => End::Drawn,
        })
    }

    /// The count two plies below (a game over adds nothing below it).
    fn perft2(&self) -> u64 {
        let mut n = 0;
        for m in self.moves() {
            let mut r = self.clone();
            r.play(&m);
            if r.over().is_none() {
                n += r.moves().len() as u64;
            }
        }
        n
    }
}

fn square(s: &str) -> usize {
    let b = s.as_bytes();
    (i32::from(b[1] - b'1') * N + i32::from(b[0] - b'a')) as usize
}

fn board_of(p: &Position, holes: bool) -> Vec<Option<usize>> {
    (0..(N * N) as usize)
        .map(|q| {
            let hole = holes && ["c3", "e3", "c5", "e5"].iter().any(|s| square(s) == q);
            if hole {
                HOLE
            } else {
                p.piece_at(q).map(|(_, o)| o)
            }
        })
        .collect()
}

#[test]
fn ataxx_random_games_match_an_independent_referee() {
    let (mut games, mut checked, mut passes, mut wins) = (0, 0, 0, [0usize; 3]);
    for (blockers, holes) in [("none", false), ("four", true)] {
        let g = game(blockers);
        for seed in 0..25u64 {
            let mut rng = fastrand::Rng::with_seed(seed);
            let mut p = g.start();
            let mut referee = Referee::new(holes);
            while p.outcome().is_none() {
                let ours = legal(&p);
                assert_eq!(ours, referee.moves(), "seed {seed}\n{p}");
                if p.ply() % 9 == 4 {
                    assert_eq!(
                        lud::perft::perft(&p, 2),
                        referee.perft2(),
                        "seed {seed}, ply {}\n{p}",
                        p.ply()
                    );
                    checked += 1;
                }
                let m = &ours[rng.usize(..ours.len())];
                passes += usize::from(m == "pass");
                play(&mut p, m);
                referee.play(m);
                assert_eq!(board_of(&p, holes), referee.board, "seed {seed}, {m}\n{p}");
                let over = referee.over();
                assert_eq!(p.outcome().is_some(), over.is_some(), "seed {seed}\n{p}");
                if let (Some(o), Some(end)) = (p.outcome(), over) {
                    match (end, &o) {
                        (End::Won(w), Outcome::Win { winner, .. }) => {
                            assert_eq!(*winner, w, "seed {seed}\n{p}");
                            wins[w] += 1;
                        }
                        (End::Drawn, Outcome::Draw { .. }) => wins[2] += 1,
                        _ => panic!("seed {seed}: lud says {o:?}, the referee {end:?}\n{p}"),
                    }
                }
            }
            games += 1;
        }
    }
    assert!(
        games == 50 && checked > 300 && passes > 0 && wins[0] > 5 && wins[1] > 5,
        "games {games}, counts checked {checked}, passes {passes}, wins (red, blue, draws) {wins:?}"
    );
}

#[test]
fn ataxx_a_clone_turns_every_enemy_piece_around_whatever_stands_beyond() {
    let g = game("none");
    // Red on b3 and c3, Blue on a1, b1, c1 and a3: Red's clone to b2 turns
    // all four, though beyond each lies the board's edge.
    let mut p = common::pos(&g, "6s/7/7/7/sSS4/7/sss4 r");
    play(&mut p, "@b2");
    for sq in ["a1", "b1", "c1", "a3", "b3", "c3", "b2"] {
        assert_eq!(common::piece_on(&p, sq).map(|x| x.1), Some(0), "{sq}\n{p}");
    }
    assert_eq!(common::piece_on(&p, "g7").map(|x| x.1), Some(1), "{p}");
}

#[test]
fn ataxx_a_clone_is_one_move_for_each_square_it_fills() {
    // Three Red pieces around d4: one move fills it, however many could.
    let g = game("none");
    let p = common::pos(&g, "6s/7/7/7/2SSS2/7/7 r");
    let clones: Vec<String> = legal(&p)
        .into_iter()
        .filter(|m| m.starts_with('@'))
        .collect();
    assert!(clones.contains(&"@d4".to_string()), "{clones:?}");
    assert_eq!(
        clones.len(),
        clones
            .iter()
            .collect::<std::collections::BTreeSet<_>>()
            .len()
    );
    // Rows 2 to 4 of files b to f but c3, d3, e3 themselves: 15 - 3.
    assert_eq!(clones.len(), 12, "{clones:?}");
}

#[test]
fn ataxx_a_jump_crosses_a_hole_and_never_lands_on_one() {
    let g = game("four");
    // Red on d4, among the four holes: all sixteen squares two away are
    // free, the holes c3, e3, c5 and e5 are next to it and cannot be filled.
    let p = common::pos(&g, "6s/7/7/3S3/7/7/7 r");
    let moves = legal(&p);
    let jumps = moves.iter().filter(|m| m.starts_with("d4")).count();
    assert_eq!(jumps, 16, "{moves:?}");
    for hole in ["c3", "e3", "c5", "e5"] {
        assert!(
            !moves.iter().any(|m| m.ends_with(hole)),
            "{hole} in {moves:?}"
        );
    }
    // A knight-like jump whose walk would pass a hole (d4 to c2, past c3).
    assert!(moves.contains(&"d4c2".to_string()), "{moves:?}");
}

#[test]
fn ataxx_a_clone_away_from_ones_pieces_is_refused_by_its_condition() {
    let p = game("none").start();
    let why = common::refusal(&p, "@d4");
    assert!(
        why.contains(
            "that move is allowed only if a piece of the player moving stands next to the square moved to"
        ),
        "{why}"
    );
    // The help lists the clones that are legal.
    assert!(why.contains("@b6") && why.contains("@f2"), "{why}");
    // The same with the piece's letter typed.
    let why = common::refusal(&p, "S@d4");
    assert!(
        why.contains("that move is allowed only if a piece of the player moving"),
        "{why}"
    );
}

#[test]
fn a_leap_never_starts_from_a_hole() {
    // A Dabbaba (leap 0 2) on a 5x5 board with holes a1, c3 and e5: its
    // squares fall in two groups, {c1 e1 e3} and {a3 a5 c5}, that no leap
    // joins (through the hole a1 they would be). A pawn promotes on a5 to a
    // lost Dabbaba only if one could have reached a5: the one lost stood on
    // e1, in the other group.
    let text = r#"(game "Reach"
    (players {(player "Red" N) (player "Blue" S)})
    (equipment {
        (board (square 5) holes:{a1 c3 e5})
        (piece "King" "K" (step All))
        (piece "Dab" "D" (leap 0 2))
        (piece "Pawn" "P" (step Forward to:Empty)
            (promote (lastRank) {"Dab"} if:(lostCouldReach) optional:True))
    })
    (rules
        (start {(place Red "Dab" e1) (place Red "Pawn" a4) (place Red "King" b1) (place Blue "King" d5)})
        (end {(if (noMoves Next) (loss Next "no move"))})))"#;
    let g = lud::build::compile_str("reach.lud", text).unwrap_or_else(|e| panic!("{e:?}"));
    // The Dabbaba is gone (not on the board): the pawn may only step.
    let p = g
        .position_with("3k1/P4/5/5/1K3 r", lud::position::Legality::Unchecked)
        .unwrap_or_else(|e| panic!("{}", e.message));
    let moves = legal(&p);
    assert!(moves.contains(&"a4a5".to_string()), "{moves:?}");
    assert!(
        !moves.iter().any(|m| m.starts_with("a4a5") && m != "a4a5"),
        "{moves:?}"
    );
}
