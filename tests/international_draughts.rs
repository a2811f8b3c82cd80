//! International draughts (10x10): men capture both ways, kings fly, the
//! capture that takes the most pieces is compulsory, pieces jumped stay on
//! the board until the series ends, and a man is crowned only where its move
//! ends. The moves lud finds are compared, position by position, with a
//! small independent international draughts written here (a mailbox, series
//! grown by recursion), along random games to their end.

#[path = "support/common.rs"]
mod common;

use std::collections::BTreeSet;

use common::{legal, play, pos};
use lud::{Game, Outcome, Position};

fn game() -> Game {
    common::game("games/international-draughts.lud")
}

const N: i32 = 10;
const DIAG: [(i32, i32); 4] = [(1, 1), (-1, 1), (1, -1), (-1, -1)];

/// A piece of the independent game: owner (0 White, 1 Black) and crowned.
type Piece = (usize, bool);

/// The independent game: a mailbox and whose turn it is.
#[derive(Clone)]
struct Ref {
    board: [[Option<Piece>; 10]; 10],
    side: usize,
}

fn on(x: i32, y: i32) -> bool {
    (0..N).contains(&x) && (0..N).contains(&y)
}

/// A move of the independent game: from, to, the pieces taken.
#[derive(Clone, PartialEq, Eq, PartialOrd, Ord, Debug)]
struct RefMove {
    from: (i32, i32),
    to: (i32, i32),
    taken: BTreeSet<(i32, i32)>,
}

impl Ref {
    /// The position lud's position `p` shows.
    fn of(p: &Position) -> Ref {
        let mut board = [[None; 10]; 10];
        for (y, row) in board.iter_mut().enumerate() {
            for (x, cell) in row.iter_mut().enumerate() {
                *cell = p.piece_at(x + 10 * y).map(|(k, o)| {
                    let king = p.model().pieces[k].name == "King";
                    (o, king)
                });
            }
        }
        Ref {
            board,
            side: p.side_to_move(),
        }
    }

    fn at(&self, x: i32, y: i32) -> Option<Piece> {
        self.board[y as usize][x as usize]
    }

    /// Every legal move: the captures that take the most, or else the
    /// plain moves.
    fn moves(&self) -> Vec<RefMove> {
        let mut caps = Vec::new();
        for y in 0..N {
            for x in 0..N {
                if let Some((o, king)) = self.at(x, y) {
                    if o == self.side {
                        self.series((x, y), (x, y), king, &mut BTreeSet::new(), &mut caps);
                    }
                }
            }
        }
        if let Some(most) = caps.iter().map(|m: &RefMove| m.taken.len()).max() {
            let mut v: Vec<RefMove> = caps.into_iter().filter(|m| m.taken.len() == most).collect();
            v.sort();
            v.dedup();
            return v;
        }
        let mut v = Vec::new();
        let ahead = if self.side == 0 { 1 } else { -1 };
        for y in 0..N {
            for x in 0..N {
                let Some((o, king)) = self.at(x, y) else {
                    continue;
                };
                if o != self.side {
                    continue;
                }
                for (dx, dy) in DIAG {
                    if !king && dy != ahead {
                        continue;
                    }
                    let (mut tx, mut ty) = (x + dx, y + dy);
                    while on(tx, ty) && self.at(tx, ty).is_none() {
                        v.push(RefMove {
                            from: (x, y),
                            to: (tx, ty),
                            taken: BTreeSet::new(),
                        });
                        if !king {
                            break;
                        }
                        tx += dx;
                        ty += dy;
                    }
                }
            }
        }
        v
    }

    /// Grows the series of the piece that started on `start`, now on `cur`,
    /// having taken `taken` (still on the board, in the way, never jumped
    /// twice). Returns whether it could jump on.
    fn series(
        &self,
        start: (i32, i32),
        cur: (i32, i32),
        king: bool,
        taken: &mut BTreeSet<(i32, i32)>,
        out: &mut Vec<RefMove>,
    ) -> bool {
        let free = |x: i32, y: i32| on(x, y) && (self.at(x, y).is_none() || (x, y) == start);
        let mut found = false;
        for (dx, dy) in DIAG {
            let (mut ox, mut oy) = (cur.0 + dx, cur.1 + dy);
            while king && free(ox, oy) {
                ox += dx;
                oy += dy;
            }
            if !on(ox, oy) || taken.contains(&(ox, oy)) {
                continue;
            }
            if self.at(ox, oy).is_none_or(|(o, _)| o == self.side) {
                continue;
            }
            let (mut lx, mut ly) = (ox + dx, oy + dy);
            while free(lx, ly) {
                found = true;
                taken.insert((ox, oy));
                if !self.series(start, (lx, ly), king, taken, out) {
                    out.push(RefMove {
                        from: start,
                        to: (lx, ly),
                        taken: taken.clone(),
                    });
                }
                taken.remove(&(ox, oy));
                if !king {
                    break;
                }
                lx += dx;
                ly += dy;
            }
        }
        found
    }
}

/// What a move of lud does, as the independent game writes it: where it
/// starts and ends, and the squares emptied besides its start.
fn as_ref_move(p: &Position, m: lud::Move) -> RefMove {
    let mut after = p.clone();
    after.play(m).unwrap();
    let from = m.from().unwrap();
    let xy = |s: usize| ((s % 10) as i32, (s / 10) as i32);
    let taken = (0..100)
        .filter(|&s| s != from && p.piece_at(s).is_some() && after.piece_at(s).is_none())
        .map(xy)
        .collect();
    RefMove {
        from: xy(from),
        to: xy(m.to()),
        taken,
    }
}

#[test]
fn international_draughts_random_games_agree_with_an_independent_game() {
    let g = game();
    let mut longest = 0;
    let mut king_captures = 0;
    for seed in 0..40u64 {
        let mut rng = fastrand::Rng::with_seed(seed);
        let mut p = g.start();
        for ply in 0..400 {
            let r = Ref::of(&p);
            let moves = p.legal_moves();
            let mut mine: Vec<RefMove> = moves.iter().map(|&m| as_ref_move(&p, m)).collect();
            mine.sort();
            let mut theirs = r.moves();
            theirs.sort();
            assert_eq!(mine, theirs, "seed {seed} ply {ply}\n{p}");
            if theirs.is_empty() {
                assert_eq!(
                    p.outcome(),
                    Some(Outcome::win(1 - p.side_to_move(), "no moves"))
                );
                break;
            }
            if p.outcome().is_some() {
                break;
            }
            longest = longest.max(theirs.iter().map(|m| m.taken.len()).max().unwrap_or(0));
            let m = moves[rng.usize(..moves.len())];
            let (x, y) = (
                (m.from().unwrap() % 10) as i32,
                (m.from().unwrap() / 10) as i32,
            );
            if r.at(x, y).is_some_and(|(_, king)| king) && !theirs[0].taken.is_empty() {
                king_captures += 1;
            }
            p.play(m).unwrap();
        }
    }
    assert!(
        longest >= 3,
        "series of three captures or more came up: {longest}"
    );
    assert!(king_captures > 0, "kings captured in the games");
}

#[test]
fn international_draughts_the_capture_that_takes_most_is_compulsory() {
    let g = game();
    // White man on c3. Black men on d4 (one capture, to e5) and on b4, b6
    // (two captures: a5, then c7). Only the double capture is legal.
    let p = pos(&g, "10/10/10/10/1m8/10/1m1m6/2M7/10/10 w - - 0 1");
    assert_eq!(legal(&p), vec!["c3a5c7".to_string()]);
    let refused = common::refusal(&p, "c3e5");
    assert!(refused.contains("the most pieces"), "{refused}");
}

#[test]
fn international_draughts_men_capture_backward_and_kings_fly() {
    let g = game();
    // A White man on e5 with a Black man on d4 behind it: it captures
    // backward, to c3.
    let p = pos(&g, "10/10/10/10/10/4M5/3m6/10/10/9m w - - 0 1");
    assert_eq!(legal(&p), vec!["e5c3".to_string()]);
    // A White king on a1, a Black man on e5 far along the diagonal: it
    // captures from afar and may land on f6, g7, h8 or i9 (j10 is taken).
    let p = pos(&g, "9m/10/10/10/10/4m5/10/10/10/K9 w - - 0 1");
    assert_eq!(
        legal(&p),
        vec!["a1f6", "a1g7", "a1h8", "a1i9"]
            .into_iter()
            .map(String::from)
            .collect::<Vec<_>>()
    );
    // A king's move without capture: along the diagonal, any distance.
    let p = pos(&g, "9m/10/10/10/10/10/10/10/10/K9 w - - 0 1");
    assert_eq!(legal(&p).len(), 8);
}

#[test]
fn international_draughts_a_man_is_crowned_only_where_its_move_ends() {
    let g = game();
    // A White man on b8 jumps c9 to d10 (the far row), and from d10 jumps
    // e9 to f8: it passes the far row and ends as a man.
    let p = pos(&g, "10/2m1m5/1M8/10/10/10/10/10/10/9m w - - 0 1");
    assert_eq!(legal(&p), vec!["b8d10f8".to_string()]);
    let mut q = p.clone();
    play(&mut q, "b8d10f8");
    assert_eq!(common::name_on(&q, "f8").as_deref(), Some("Man"));
    // Ending on the far row crowns it.
    let p = pos(&g, "10/2m7/1M8/10/10/10/10/10/10/9m w - - 0 1");
    let mut q = p.clone();
    play(&mut q, "b8d10");
    assert_eq!(common::name_on(&q, "d10").as_deref(), Some("King"));
}
