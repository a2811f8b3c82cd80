//! An independent reference for Nine Men's Morris (`games/morris.lud`),
//! written from the rules in the game file's comments and info, as a test
//! oracle for `lud`: its own 24 points and 16 lines, nothing from the
//! interpreter.
//!
//! The reading of the rules:
//! * 24 points on a 7x7 grid joined by 16 lines of three; White (colour 0,
//!   capitals) places first, each player starting with nine men in hand;
//! * while a player has men in hand, a turn puts one on an empty point;
//!   with none in hand, a turn moves a man to a neighbouring empty point on
//!   a line, or, with exactly three men on the board, flies it to any empty
//!   point;
//! * if the man put down or moved then stands in a mill (a line whose three
//!   points hold the mover's men), the same turn goes on with the removal of
//!   one enemy man in no mill, or of any enemy man if all are in mills (and
//!   ends there if the enemy has no man on the board). A whole turn is one
//!   move: one per choice of the man removed;
//! * the end, judged before each turn, in this order: the player to move
//!   with none in hand and fewer than three men on the board loses ("fewer
//!   than three men"); with no move, loses ("no moves"); the position
//!   (board, side to move, hands) the third time is a draw ("repetition").
#![allow(dead_code)]
#![allow(unreachable_pub, missing_docs)]

pub use crate::ref_core::{Result, Rules};

/// The points, in the order the game file lists them.
const POINTS: [&str; 24] = [
    "a1", "d1", "g1", "b2", "d2", "f2", "c3", "d3", "e3", "a4", "b4", "c4", "e4", "f4", "g4", "c5",
    "d5", "e5", "b6", "d6", "f6", "a7", "d7", "g7",
];

/// The lines of three points.
const LINES: [[&str; 3]; 16] = [
    ["a7", "d7", "g7"],
    ["b6", "d6", "f6"],
    ["c5", "d5", "e5"],
    ["a4", "b4", "c4"],
    ["e4", "f4", "g4"],
    ["c3", "d3", "e3"],
    ["b2", "d2", "f2"],
    ["a1", "d1", "g1"],
    ["a1", "a4", "a7"],
    ["b2", "b4", "b6"],
    ["c3", "c4", "c5"],
    ["d5", "d6", "d7"],
    ["d1", "d2", "d3"],
    ["e3", "e4", "e5"],
    ["f2", "f4", "f6"],
    ["g1", "g4", "g7"],
];

fn point(name: &str) -> Option<usize> {
    POINTS.iter().position(|p| *p == name)
}

fn lines() -> [[usize; 3]; 16] {
    LINES.map(|l| l.map(|p| point(p).expect("a point")))
}

/// Points next to each other on a line.
fn adjacent(a: usize, b: usize) -> bool {
    lines()
        .iter()
        .any(|l| (0..2).any(|i| (l[i] == a && l[i + 1] == b) || (l[i] == b && l[i + 1] == a)))
}

/// A whole turn: a man put down (`from` None) or moved, and the enemy man
/// removed if it closed a mill.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Turn {
    from: Option<usize>,
    to: usize,
    remove: Option<usize>,
}

#[derive(Clone, Debug)]
pub struct RefGame {
    /// Per point: None, or Some(colour).
    board: [Option<usize>; 24],
    /// 0 White, 1 Black.
    side: usize,
    hand: [u32; 2],
    keys: Vec<([Option<usize>; 24], usize, [u32; 2])>,
}

impl RefGame {
    /// The empty board, nine men in each hand, White to move.
    pub fn new() -> RefGame {
        RefGame::from_text("7/7/7/7/7/7/7 w - - 0 1 hand=9M,9m").expect("the start")
    }

    /// A position string: the 7x7 board (rank 7 first; `M` White's men, `m`
    /// Black's, on points only), the side to move (`w` or `b`) and the
    /// `hand=` field (`9M,9m`; none: empty hands); the rest is ignored.
    pub fn from_text(text: &str) -> std::result::Result<RefGame, String> {
        let mut fields = text.split_whitespace();
        let rows: Vec<&str> = fields.next().unwrap_or("").split('/').collect();
        if rows.len() != 7 {
            return Err(format!("{text}: 7 ranks expected"));
        }
        let mut board = [None; 24];
        for (i, row) in rows.iter().enumerate() {
            let r = 7 - i;
            let mut f = 0u8;
            for c in row.chars() {
                if let Some(d) = c.to_digit(10) {
                    f += d as u8;
                    continue;
                }
                let sq = format!("{}{r}", (b'a' + f) as char);
                let p = point(&sq).ok_or_else(|| format!("{text}: {sq} is not a point"))?;
                board[p] = Some(match c {
                    'M' => 0,
                    'm' => 1,
                    _ => return Err(format!("{text}: piece {c}?")),
                });
                f += 1;
            }
            if f != 7 {
                return Err(format!("{text}: rank {r} has {f} squares"));
            }
        }
        let side = match fields.next() {
            Some("w") => 0,
            Some("b") => 1,
            other => return Err(format!("{text}: side {other:?}?")),
        };
        let mut hand = [0, 0];
        for f in fields {
            if let Some(v) = f.strip_prefix("hand=") {
                for part in v.split(',') {
                    let (n, letter) = part.split_at(part.len() - 1);
                    let n: u32 = n.parse().map_err(|_| format!("{text}: hand {part}?"))?;
                    match letter {
                        "M" => hand[0] = n,
                        "m" => hand[1] = n,
                        _ => return Err(format!("{text}: hand {part}?")),
                    }
                }
            }
        }
        Ok(RefGame {
            board,
            side,
            hand,
            keys: vec![(board, side, hand)],
        })
    }

    fn count(&self, colour: usize) -> usize {
        self.board.iter().filter(|&&c| c == Some(colour)).count()
    }

    /// Whether the man on `p` stands in a mill of its owner's.
    fn in_mill(&self, p: usize) -> bool {
        let Some(c) = self.board[p] else { return false };
        lines()
            .iter()
            .any(|l| l.contains(&p) && l.iter().all(|&q| self.board[q] == Some(c)))
    }

    /// The first parts of a turn: (from, to).
    fn steps(&self) -> Vec<(Option<usize>, usize)> {
        let empty: Vec<usize> = (0..24).filter(|&p| self.board[p].is_none()).collect();
        if self.hand[self.side] > 0 {
            return empty.iter().map(|&to| (None, to)).collect();
        }
        let mine: Vec<usize> = (0..24)
            .filter(|&p| self.board[p] == Some(self.side))
            .collect();
        let fly = mine.len() == 3;
        let mut v = Vec::new();
        for &from in &mine {
            for &to in &empty {
                if fly || adjacent(from, to) {
                    v.push((Some(from), to));
                }
            }
        }
        v
    }

    fn turns(&self) -> Vec<Turn> {
        let mut v = Vec::new();
        for (from, to) in self.steps() {
            let mut after = self.clone();
            after.put(from, to);
            if !after.in_mill(to) {
                v.push(Turn {
                    from,
                    to,
                    remove: None,
                });
                continue;
            }
            let theirs: Vec<usize> = (0..24)
                .filter(|&p| after.board[p] == Some(1 - self.side))
                .collect();
            let free: Vec<usize> = theirs
                .iter()
                .copied()
                .filter(|&p| !after.in_mill(p))
                .collect();
            let choice = if free.is_empty() { theirs } else { free };
            if choice.is_empty() {
                v.push(Turn {
                    from,
                    to,
                    remove: None,
                });
            }
            for r in choice {
                v.push(Turn {
                    from,
                    to,
                    remove: Some(r),
                });
            }
        }
        v
    }

    fn put(&mut self, from: Option<usize>, to: usize) {
        match from {
            None => self.hand[self.side] -= 1,
            Some(f) => self.board[f] = None,
        }
        self.board[to] = Some(self.side);
    }
}

impl Default for RefGame {
    fn default() -> Self {
        RefGame::new()
    }
}

/// A turn as the Morris tests write it: the first part as `lud` writes it
/// (`@d1`, `a1d1`), and the removal after a space (`@d1 xa4`).
pub fn turn_text(from: Option<usize>, to: usize, remove: Option<usize>) -> String {
    let first = match from {
        None => format!("@{}", POINTS[to]),
        Some(f) => format!("{}{}", POINTS[f], POINTS[to]),
    };
    match remove {
        Some(r) => format!("{first} x{}", POINTS[r]),
        None => first,
    }
}

impl Rules for RefGame {
    type Move = Turn;

    fn evaluate(&self) -> (Option<Result>, Vec<Turn>) {
        let other = 1 - self.side;
        if self.hand[self.side] == 0 && self.count(self.side) < 3 {
            return (Some(Result::win(other, "fewer than three men")), Vec::new());
        }
        let turns = self.turns();
        if turns.is_empty() {
            return (Some(Result::win(other, "no moves")), turns);
        }
        let now = (self.board, self.side, self.hand);
        if self.keys.iter().filter(|k| **k == now).count() >= 3 {
            return (Some(Result::draw("repetition")), Vec::new());
        }
        (None, turns)
    }

    fn move_text(&self, t: Turn) -> String {
        turn_text(t.from, t.to, t.remove)
    }

    fn play_move(&mut self, t: Turn) {
        self.put(t.from, t.to);
        if let Some(r) = t.remove {
            self.board[r] = None;
        }
        self.side = 1 - self.side;
        self.keys.push((self.board, self.side, self.hand));
    }

    fn forget_history(&mut self) {
        self.keys = vec![(self.board, self.side, self.hand)];
    }
}
