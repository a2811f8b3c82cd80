//! An independent reference implementation of Shatranj (RULES.md SH-1 ..
//! SH-15 and G-1 .. G-5), written from RULES.md alone, as a test oracle for
//! `lud` (differential testing). The pieces and the board are in
//! `old_chess_ref.rs`, squares and the game driven by its moves as text in
//! `ref_core.rs`; this file adds the setup, promotion, legality and the ends
//! of the game.
//!
//! Readings where RULES.md leaves room:
//! * the ends of the game are judged before each turn, on the position the
//!   last move made, in this order: checkmate (SH-12), stalemate (SH-13),
//!   bare king (SH-14), the 70-move rule and threefold repetition (SH-15);
//! * SH-14: if both players are bare the game is drawn (the bare king's one
//!   move took the other's last piece); if the player who just moved is
//!   bare, he has had his one move and loses; a player bared by the last
//!   move still has his one move;
//! * SH-15's decision: drawn when 140 plies have passed without a capture or
//!   a pawn move; drawn when the position (board and side to move, G-5)
//!   occurs for the third time.
#![allow(dead_code)]
#![allow(unreachable_pub, missing_docs)]

#[path = "old_chess_ref.rs"]
mod old_chess_ref;

use crate::ref_core::{last_rank, parse_square, rank_of, square_name};
pub use crate::ref_core::{Result, Rules};
pub use old_chess_ref::Kind;
use old_chess_ref::{bare, board_fen, destinations, in_check, key, parse_board, Board, Key, Piece};

/// A move: `from` -> `to`; a pawn arriving on its last rank becomes a
/// Counsellor (SH-9), written with a `q`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Mv {
    from: usize,
    to: usize,
    promotes: bool,
}

fn move_text(m: Mv) -> String {
    let mut s = format!("{}{}", square_name(m.from), square_name(m.to));
    if m.promotes {
        s.push('q');
    }
    s
}

/// SH-2: the start position (the kings on d1 and d8 face each other).
fn start_board() -> Board {
    parse_board("rnbkqbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBKQBNR").expect("the start position")
}

/// A game of Shatranj: the position and the positions before it.
#[derive(Clone, Debug)]
pub struct RefGame {
    board: Board,
    /// 0 White, 1 Black.
    side: usize,
    /// Plies since the last capture or pawn move (SH-15).
    clock: u32,
    /// Every position of the game so far, the current one last (SH-15, G-4).
    keys: Vec<Key>,
}

impl RefGame {
    /// The start position of SH-2, White to move.
    pub fn new() -> RefGame {
        RefGame::with(&start_board(), 0, 0)
    }

    fn with(board: &Board, side: usize, clock: u32) -> RefGame {
        RefGame {
            board: *board,
            side,
            clock,
            keys: vec![key(board, side, 0)],
        }
    }

    /// A position written as `board side [castling en-passant clock
    /// move-number]` (the FEN fields lud writes; castling and en passant
    /// must be `-`); no history before it.
    pub fn from_fen(text: &str) -> RefGame {
        let f: Vec<&str> = text.split_whitespace().collect();
        let board = parse_board(f[0]).unwrap_or_else(|e| panic!("{e}"));
        let side = match f.get(1).copied().unwrap_or("w") {
            "w" => 0,
            "b" => 1,
            s => panic!("{text}: side {s}?"),
        };
        for (i, x) in f.iter().enumerate().skip(2).take(2) {
            assert_eq!(*x, "-", "{text}: field {}", i + 1);
        }
        let clock = f.get(4).map_or(0, |c| c.parse().expect("a clock"));
        RefGame::with(&board, side, clock)
    }

    pub fn side_to_move(&self) -> usize {
        self.side
    }

    pub fn board_fen(&self) -> String {
        board_fen(&self.board)
    }

    /// The board after a move (no legality test).
    fn apply(&self, m: Mv) -> Board {
        let mut b = self.board;
        let mut p = b[m.from].take().expect("a piece to move");
        if m.promotes {
            p = Piece {
                kind: Kind::Counsellor,
                ..p
            };
        }
        b[m.to] = Some(p);
        b
    }

    /// The moves the pieces' rules allow (SH-3 .. SH-10), leaving the own king
    /// attacked or not.
    fn pseudo_moves(&self) -> Vec<Mv> {
        let mut out = Vec::new();
        for from in 0..64 {
            let Some(p) = self.board[from] else { continue };
            if p.color != self.side {
                continue;
            }
            for to in destinations(&self.board, from) {
                out.push(Mv {
                    from,
                    to,
                    // SH-9: mandatory, and only to a Counsellor.
                    promotes: p.kind == Kind::Pawn && rank_of(to) == last_rank(p.color),
                });
            }
        }
        out
    }

    /// SH-11 (G-1): the moves that do not leave the own king attacked.
    fn moves(&self) -> Vec<Mv> {
        self.pseudo_moves()
            .into_iter()
            .filter(|&m| !in_check(&self.apply(m), self.side))
            .collect()
    }

    /// The piece on a square, as its FEN letter.
    pub fn letter_on(&self, sq: &str) -> Option<char> {
        let s = parse_square(sq).expect("a square");
        self.board[s].map(Piece::letter)
    }
}

impl Rules for RefGame {
    type Move = Mv;

    fn evaluate(&self) -> (Option<Result>, Vec<Mv>) {
        let next = self.side;
        let mover = 1 - next;
        let moves = self.moves();
        if moves.is_empty() {
            // SH-12, SH-13: no legal move loses, in check or not.
            let kind = if in_check(&self.board, next) {
                "checkmate"
            } else {
                "stalemate"
            };
            return (Some(Result::win(mover, kind)), Vec::new());
        }
        // SH-14.
        if bare(&self.board, mover) && bare(&self.board, next) {
            return (Some(Result::draw("bare kings")), Vec::new());
        }
        if bare(&self.board, mover) {
            return (Some(Result::win(next, "bare king")), Vec::new());
        }
        // SH-15.
        if self.clock >= 140 {
            return (Some(Result::draw("70-move rule")), Vec::new());
        }
        let here = self.keys.last().expect("the current position");
        if self.keys.iter().filter(|k| *k == here).count() >= 3 {
            return (Some(Result::draw("repetition")), Vec::new());
        }
        (None, moves)
    }

    fn move_text(&self, m: Mv) -> String {
        move_text(m)
    }

    fn play_move(&mut self, m: Mv) {
        let irreversible =
            self.board[m.to].is_some() || self.board[m.from].is_some_and(|p| p.kind == Kind::Pawn);
        self.board = self.apply(m);
        self.side = 1 - self.side;
        self.clock = if irreversible { 0 } else { self.clock + 1 };
        self.keys.push(key(&self.board, self.side, 0));
    }

    fn forget_history(&mut self) {
        self.keys = vec![key(&self.board, self.side, 0)];
    }
}

impl Default for RefGame {
    fn default() -> RefGame {
        RefGame::new()
    }
}
