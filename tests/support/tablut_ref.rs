//! An independent reference for Tablut (`games/tablut.lud`), written from the
//! rules in the game file's comments and info, as a test oracle for `lud`:
//! its own 9x9 board, nothing from the interpreter.
//!
//! The reading of the rules:
//! * 9x9 squares (a1 = 0, i1 = 8, a9 = 72), the Muscovites (Black, colour 0,
//!   capitals in a position string) move first; the Swedes (White, colour 1)
//!   have men and a king;
//! * every piece slides along a rank or file over empty squares to an empty
//!   square; a man may neither stop on nor cross the throne e5 (nor, with
//!   escape=corner, a corner);
//! * after a move, each enemy man next to the landing square is taken if the
//!   square beyond it (same direction) holds a piece of the mover or is an
//!   empty hostile square (the throne; with escape=corner, the corners too);
//! * the king is taken only by a Black move: away from e5, e4, e6, d5 and f5
//!   like a man; on one of them only when each of its four neighbours holds
//!   a Black piece or is the empty throne; the king takes men as a man does,
//!   and is never taken by a White move;
//! * the end, judged before each turn, in this order: the king on an edge
//!   square (escape=corner: a corner) wins for White ("the king escaped");
//!   no king wins for Black ("the king was taken"); the player to move with
//!   no move loses ("no moves"); the position (board and side to move) the
//!   third time is a draw ("repetition").
#![allow(dead_code)]
#![allow(unreachable_pub, missing_docs)]

pub use crate::ref_core::{Result, Rules};

const N: usize = 9;
const EMPTY: u8 = 0;
/// A Muscovite (Black) man.
const BLACK: u8 = 1;
/// A Swede (White) man.
const WHITE: u8 = 2;
const KING: u8 = 3;
const THRONE: usize = 4 * N + 4;
const CORNERS: [usize; 4] = [0, N - 1, N * (N - 1), N * N - 1];

fn owner(c: u8) -> Option<usize> {
    match c {
        BLACK => Some(0),
        WHITE | KING => Some(1),
        _ => None,
    }
}

fn name(sq: usize) -> String {
    format!("{}{}", (b'a' + (sq % N) as u8) as char, sq / N + 1)
}

/// The square one step from `sq` in direction `d` (N, S, E, W), if any.
fn step(sq: usize, d: usize) -> Option<usize> {
    let (f, r) = ((sq % N) as i32, (sq / N) as i32);
    let (df, dr) = [(0, 1), (0, -1), (1, 0), (-1, 0)][d];
    let (f, r) = (f + df, r + dr);
    ((0..N as i32).contains(&f) && (0..N as i32).contains(&r)).then(|| (r * N as i32 + f) as usize)
}

fn near_throne(sq: usize) -> bool {
    sq == THRONE || (0..4).any(|d| step(THRONE, d) == Some(sq))
}

fn on_edge(sq: usize) -> bool {
    let (f, r) = (sq % N, sq / N);
    f == 0 || r == 0 || f == N - 1 || r == N - 1
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Mv {
    from: usize,
    to: usize,
}

#[derive(Clone, Debug)]
pub struct RefGame {
    board: [u8; N * N],
    /// 0 Black (moves first), 1 White.
    side: usize,
    /// escape=corner: the king must reach a corner; corners are hostile and
    /// barred to men.
    corner: bool,
    /// Every position of the game so far, the current one last.
    keys: Vec<([u8; N * N], usize)>,
}

impl RefGame {
    /// The start: Black's sixteen men in four groups, White's cross of eight
    /// around the king on e5.
    pub fn new(corner: bool) -> RefGame {
        RefGame::from_text(
            "3MMM3/4M4/4m4/M3m3M/MMmmkmmMM/M3m3M/4m4/4M4/3MMM3 b - - 0 1",
            corner,
        )
        .expect("the start")
    }

    /// A position string: the board (rank 9 first; `M` Black's men, `m`
    /// White's, `k` the king) and the side to move (`b` or `w`); the rest
    /// is ignored.
    pub fn from_text(text: &str, corner: bool) -> std::result::Result<RefGame, String> {
        let mut fields = text.split_whitespace();
        let rows: Vec<&str> = fields.next().unwrap_or("").split('/').collect();
        if rows.len() != N {
            return Err(format!("{text}: {N} ranks expected"));
        }
        let mut board = [EMPTY; N * N];
        for (i, row) in rows.iter().enumerate() {
            let r = N - 1 - i;
            let mut f = 0;
            for c in row.chars() {
                if let Some(d) = c.to_digit(10) {
                    f += d as usize;
                    continue;
                }
                if f >= N {
                    return Err(format!("{text}: rank {} too long", r + 1));
                }
                board[r * N + f] = match c {
                    'M' => BLACK,
                    'm' => WHITE,
                    'k' => KING,
                    _ => return Err(format!("{text}: piece {c}?")),
                };
                f += 1;
            }
            if f != N {
                return Err(format!("{text}: rank {} has {f} squares", r + 1));
            }
        }
        let side = match fields.next() {
            Some("b") => 0,
            Some("w") => 1,
            other => return Err(format!("{text}: side {other:?}?")),
        };
        Ok(RefGame {
            board,
            side,
            corner,
            keys: vec![(board, side)],
        })
    }

    /// Squares a man may neither stop on nor cross.
    fn barred(&self, sq: usize) -> bool {
        sq == THRONE || (self.corner && CORNERS.contains(&sq))
    }

    /// Whether `sq` is hostile to the pieces of the player who is not
    /// `mover`: a piece of `mover`'s, or an empty throne (or corner).
    fn hostile(&self, sq: usize, mover: usize) -> bool {
        let c = self.board[sq];
        owner(c) == Some(mover) || (c == EMPTY && self.barred(sq))
    }

    fn moves(&self) -> Vec<Mv> {
        let mut v = Vec::new();
        for from in 0..N * N {
            let c = self.board[from];
            if owner(c) != Some(self.side) {
                continue;
            }
            for d in 0..4 {
                let mut cur = step(from, d);
                while let Some(to) = cur {
                    if self.board[to] != EMPTY || (c != KING && self.barred(to)) {
                        break;
                    }
                    v.push(Mv { from, to });
                    cur = step(to, d);
                }
            }
        }
        v
    }

    fn king(&self) -> Option<usize> {
        (0..N * N).find(|&q| self.board[q] == KING)
    }

    fn repetitions(&self) -> usize {
        let now = (self.board, self.side);
        self.keys.iter().filter(|k| **k == now).count()
    }
}

impl Rules for RefGame {
    type Move = Mv;

    fn evaluate(&self) -> (Option<Result>, Vec<Mv>) {
        match self.king() {
            Some(k) if (self.corner && CORNERS.contains(&k)) || (!self.corner && on_edge(k)) => {
                return (Some(Result::win(1, "the king escaped")), Vec::new());
            }
            None => return (Some(Result::win(0, "the king was taken")), Vec::new()),
            Some(_) => {}
        }
        let moves = self.moves();
        if moves.is_empty() {
            return (Some(Result::win(1 - self.side, "no moves")), moves);
        }
        if self.repetitions() >= 3 {
            return (Some(Result::draw("repetition")), Vec::new());
        }
        (None, moves)
    }

    fn move_text(&self, m: Mv) -> String {
        format!("{}{}", name(m.from), name(m.to))
    }

    fn play_move(&mut self, m: Mv) {
        let mover = self.side;
        self.board[m.to] = self.board[m.from];
        self.board[m.from] = EMPTY;
        let mut taken = Vec::new();
        for d in 0..4 {
            let Some(a) = step(m.to, d) else { continue };
            let c = self.board[a];
            if owner(c) != Some(1 - mover) {
                continue;
            }
            let beyond = step(a, d).is_some_and(|b| self.hostile(b, mover));
            let take = if c == KING {
                if near_throne(a) {
                    (0..4).all(|d2| {
                        step(a, d2).is_some_and(|n| {
                            self.board[n] == BLACK || (n == THRONE && self.board[n] == EMPTY)
                        })
                    })
                } else {
                    beyond
                }
            } else {
                beyond
            };
            if take {
                taken.push(a);
            }
        }
        for a in taken {
            self.board[a] = EMPTY;
        }
        self.side = 1 - mover;
        self.keys.push((self.board, self.side));
    }

    fn forget_history(&mut self) {
        self.keys = vec![(self.board, self.side)];
    }
}
