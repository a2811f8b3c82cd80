//! An independent reference implementation of Breakthrough, written from the
//! rules in the comment of `games/breakthrough.lud` (Dan Troyka's game), as a
//! test oracle for `lud`: two bitboards, one per player, and nothing shared
//! with the interpreter. Squares are numbered as in `ref_core.rs` (a1 = 0,
//! h8 = 63); White (0) moves up the board, Black (1) down.
//!
//! The rules:
//! * each side's sixteen pieces fill its first two ranks, White to move;
//! * a piece steps one square forward, straight or diagonally, to an empty
//!   square; diagonally forward it may also take an enemy piece (never
//!   straight ahead);
//! * the game is over, before each turn, in this order: the player who just
//!   moved has a piece on its far rank (that player wins, "reached the far
//!   rank"); the player to move has no pieces (it loses, "no pieces left");
//!   the player to move has no move (it loses, "no moves");
//! * a finished game has no moves, so a count of the move tree (perft) stops
//!   there: a finished position is a leaf at the last level and counts
//!   nothing below it.
#![allow(dead_code)]
#![allow(unreachable_pub, missing_docs)]

use crate::ref_core::square_name;
pub use crate::ref_core::{Result, Rules};

const RANK_1: u64 = 0xFF;
const RANK_8: u64 = 0xFF << 56;
const FILE_A: u64 = 0x0101_0101_0101_0101;
const FILE_H: u64 = FILE_A << 7;

/// A move: a piece from one square to the next.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Mv {
    pub from: u8,
    pub to: u8,
}

/// A position of Breakthrough: the pieces of each side and who moves.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct RefGame {
    /// The squares of White's pieces (bit `sq`), then Black's.
    pieces: [u64; 2],
    /// 0 White, 1 Black.
    side: usize,
}

impl Default for RefGame {
    fn default() -> RefGame {
        RefGame::new()
    }
}

impl RefGame {
    /// The start: White on ranks 1 and 2, Black on 7 and 8, White to move.
    pub fn new() -> RefGame {
        RefGame {
            pieces: [0xFFFF, 0xFFFF << 48],
            side: 0,
        }
    }

    /// A position from its board, rank 8 first (`P` White, `p` Black, digits
    /// for empty squares), and the side to move (`w` or `b`).
    pub fn from_board(board: &str, side: char) -> RefGame {
        let mut pieces = [0u64; 2];
        for (i, row) in board.split('/').enumerate() {
            let rank = 7 - i;
            let mut file = 0;
            for c in row.chars() {
                if let Some(d) = c.to_digit(10) {
                    file += d as usize;
                    continue;
                }
                let who = match c {
                    'P' => 0,
                    'p' => 1,
                    _ => panic!("{board}: piece {c}?"),
                };
                pieces[who] |= 1 << (rank * 8 + file);
                file += 1;
            }
            assert_eq!(file, 8, "{board}: rank {}", rank + 1);
        }
        RefGame {
            pieces,
            side: usize::from(side == 'b'),
        }
    }

    pub fn side_to_move(&self) -> usize {
        self.side
    }

    /// The pieces of a side, as a set of squares.
    pub fn pieces(&self, side: usize) -> u64 {
        self.pieces[side]
    }

    /// The squares each piece of `side` may step to, as three sets of
    /// destinations (straight, towards the a-file, towards the h-file) with
    /// the step that reaches each (+8, +7, +9 for White; -8, -9, -7 for
    /// Black).
    fn targets(&self, side: usize) -> [(u64, i32); 3] {
        let own = self.pieces[side];
        let empty = !(self.pieces[0] | self.pieces[1]);
        if side == 0 {
            [
                ((own << 8) & empty, 8),
                (((own & !FILE_A) << 7) & !own, 7),
                (((own & !FILE_H) << 9) & !own, 9),
            ]
        } else {
            [
                ((own >> 8) & empty, -8),
                (((own & !FILE_A) >> 9) & !own, -9),
                (((own & !FILE_H) >> 7) & !own, -7),
            ]
        }
    }

    /// The number of moves the side to move has, the game's end aside.
    fn count_moves(&self) -> u64 {
        self.targets(self.side)
            .iter()
            .map(|(t, _)| u64::from(t.count_ones()))
            .sum()
    }

    /// The moves the side to move has, the game's end aside.
    fn moves(&self) -> Vec<Mv> {
        let mut out = Vec::new();
        for (mut set, step) in self.targets(self.side) {
            while set != 0 {
                let to = set.trailing_zeros() as i32;
                set &= set - 1;
                out.push(Mv {
                    from: u8::try_from(to - step).expect("a square"),
                    to: u8::try_from(to).expect("a square"),
                });
            }
        }
        out
    }

    /// How the game ended here, if it did: judged before the turn of the
    /// side to move, in the rules' order.
    pub fn verdict(&self) -> Option<Result> {
        let mover = 1 - self.side;
        let far = if mover == 0 { RANK_8 } else { RANK_1 };
        if self.pieces[mover] & far != 0 {
            return Some(Result::win(mover, "reached the far rank"));
        }
        if self.pieces[self.side] == 0 {
            return Some(Result::win(mover, "no pieces left"));
        }
        if self.count_moves() == 0 {
            return Some(Result::win(mover, "no moves"));
        }
        None
    }

    /// Makes a move (no legality test): a piece on the destination is taken.
    pub fn make(&mut self, m: Mv) {
        let (from, to) = (1u64 << m.from, 1u64 << m.to);
        self.pieces[self.side] ^= from | to;
        self.pieces[1 - self.side] &= !to;
        self.side = 1 - self.side;
    }

    /// The number of move sequences `depth` plies long; a finished position
    /// has none below it. The last level is counted without making its moves.
    pub fn count(&self, depth: u32) -> u64 {
        if depth == 0 {
            return 1;
        }
        if self.verdict().is_some() {
            return 0;
        }
        if depth == 1 {
            return self.count_moves();
        }
        self.moves()
            .into_iter()
            .map(|m| {
                let mut next = *self;
                next.make(m);
                next.count(depth - 1)
            })
            .sum()
    }
}

impl Rules for RefGame {
    type Move = Mv;

    fn evaluate(&self) -> (Option<Result>, Vec<Mv>) {
        match self.verdict() {
            Some(r) => (Some(r), Vec::new()),
            None => (None, self.moves()),
        }
    }

    fn move_text(&self, m: Mv) -> String {
        format!(
            "{}{}",
            square_name(usize::from(m.from)),
            square_name(usize::from(m.to))
        )
    }

    fn play_move(&mut self, m: Mv) {
        self.make(m);
    }

    /// Breakthrough keeps no history.
    fn forget_history(&mut self) {}
}
