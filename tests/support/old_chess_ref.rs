//! The board and the pieces that the Shatranj and Nīlakaṇṭha references
//! (`shatranj_ref.rs`, `nilakantha_ref.rs`) share, written from RULES.md
//! alone: the two games move the same six pieces the same way (SH-3 .. SH-8,
//! SH-10; NI-2, NI-6), under different names.
//!
//! Deliberately plain: a mailbox board, and a piece attacks a square when the
//! geometry of its move says so (a rook also needs the squares between to be
//! empty). Nothing here is shared with the interpreter; the squares, the
//! board as text and the game driven by its moves are `ref_core.rs`'s.
#![allow(dead_code)]
#![allow(unreachable_pub, missing_docs)]

use crate::ref_core::{fen_letter, file_of, forward, rank_of, square};

/// The six pieces, by the letter both game files give them.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Kind {
    /// One square in any of eight directions (SH-3, NI-2).
    King,
    /// One square diagonally (SH-6, NI-2), letter Q.
    Counsellor,
    /// Exactly two squares diagonally, leaping (Shatranj's Elephant SH-7,
    /// Nīlakaṇṭha's Camel NI-2), letter B.
    Alfil,
    /// The knight's leap, never blocked (SH-5, NI-2), letter N.
    Horse,
    /// Any distance orthogonally, stopped by the first piece (Shatranj's Rook
    /// SH-4, Nīlakaṇṭha's Elephant NI-2), letter R.
    Rook,
    /// One square straight forward to an empty square, captures one square
    /// diagonally forward; no double step, no en passant (SH-8, NI-6).
    Pawn,
}

impl Kind {
    pub fn letter(self) -> char {
        match self {
            Kind::King => 'k',
            Kind::Counsellor => 'q',
            Kind::Alfil => 'b',
            Kind::Horse => 'n',
            Kind::Rook => 'r',
            Kind::Pawn => 'p',
        }
    }

    pub fn from_letter(c: char) -> Option<Kind> {
        Some(match c.to_ascii_lowercase() {
            'k' => Kind::King,
            'q' => Kind::Counsellor,
            'b' => Kind::Alfil,
            'n' => Kind::Horse,
            'r' => Kind::Rook,
            'p' => Kind::Pawn,
            _ => return None,
        })
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Piece {
    /// 0 White, 1 Black.
    pub color: usize,
    pub kind: Kind,
    /// The square the piece started the game on (NI-8 sends a pawn back
    /// there); Shatranj does not use it.
    pub origin: usize,
}

impl Piece {
    /// Its FEN letter.
    pub fn letter(self) -> char {
        fen_letter(self.kind.letter(), self.color)
    }
}

pub type Board = [Option<Piece>; 64];

/// Does the piece on `from` attack `to`, that is, could it capture a piece
/// standing there? (Whether its own king would be exposed does not matter:
/// a pinned piece still gives check.)
pub fn attacks(b: &Board, from: usize, to: usize) -> bool {
    let Some(p) = b[from] else { return false };
    if from == to {
        return false;
    }
    let df = file_of(to) - file_of(from);
    let dr = rank_of(to) - rank_of(from);
    let (af, ar) = (df.abs(), dr.abs());
    match p.kind {
        Kind::King => af.max(ar) == 1,
        Kind::Counsellor => af == 1 && ar == 1,
        Kind::Alfil => af == 2 && ar == 2,
        Kind::Horse => (af == 1 && ar == 2) || (af == 2 && ar == 1),
        Kind::Rook => {
            if df != 0 && dr != 0 {
                return false;
            }
            // Every square strictly between must be empty.
            let (sf, sr) = (df.signum(), dr.signum());
            let (mut f, mut r) = (file_of(from) + sf, rank_of(from) + sr);
            while (f, r) != (file_of(to), rank_of(to)) {
                if b[square(f, r).expect("between two squares")].is_some() {
                    return false;
                }
                f += sf;
                r += sr;
            }
            true
        }
        Kind::Pawn => dr == forward(p.color) && af == 1,
    }
}

/// Where the piece on `from` may go by its move alone (no check test): onto
/// an empty square or an enemy piece it attacks (SH-10: capturing it), a
/// pawn straight ahead only onto an empty square. Kings are never captured
/// (a legal game never offers it; G-1 makes it moot).
pub fn destinations(b: &Board, from: usize) -> Vec<usize> {
    let Some(p) = b[from] else {
        return Vec::new();
    };
    (0..64)
        .filter(|&to| {
            let quiet_pawn_step = p.kind == Kind::Pawn
                && file_of(to) == file_of(from)
                && rank_of(to) - rank_of(from) == forward(p.color);
            match b[to] {
                None => {
                    if p.kind == Kind::Pawn {
                        quiet_pawn_step
                    } else {
                        attacks(b, from, to)
                    }
                }
                Some(q) => q.color != p.color && q.kind != Kind::King && attacks(b, from, to),
            }
        })
        .collect()
}

/// Is `sq` attacked by some piece of `by`?
pub fn attacked(b: &Board, sq: usize, by: usize) -> bool {
    (0..64).any(|s| matches!(b[s], Some(p) if p.color == by) && attacks(b, s, sq))
}

pub fn king_square(b: &Board, color: usize) -> Option<usize> {
    (0..64).find(|&s| matches!(b[s], Some(p) if p.color == color && p.kind == Kind::King))
}

/// The king of `color` is attacked (no king: never in check).
pub fn in_check(b: &Board, color: usize) -> bool {
    king_square(b, color).is_some_and(|k| attacked(b, k, 1 - color))
}

/// Only the king of `color` is left (SH-14, NI-10).
pub fn bare(b: &Board, color: usize) -> bool {
    b.iter()
        .flatten()
        .all(|p| p.color != color || p.kind == Kind::King)
}

/// The board part of a FEN, rank 8 first, capitals for White. Each piece's
/// origin is the square it stands on.
pub fn parse_board(text: &str) -> Result<Board, String> {
    crate::ref_core::parse_board(text, |c, sq| {
        Kind::from_letter(c).map(|kind| Piece {
            color: usize::from(c.is_ascii_lowercase()),
            kind,
            origin: sq,
        })
    })
}

/// The board part of a FEN, rank 8 first, capitals for White.
pub fn board_fen(b: &Board) -> String {
    crate::ref_core::board_fen(b, Piece::letter)
}

/// A position for repetition (G-5): the board and the side to move, plus a
/// byte for the turn phase (Nīlakaṇṭha's setup). Per-piece state (origins)
/// does not count.
pub type Key = [u8; 66];

pub fn key(b: &Board, side: usize, phase: u8) -> Key {
    let mut k = [0u8; 66];
    for (i, p) in b.iter().enumerate() {
        k[i] = p.map_or(b'.', |p| p.letter() as u8);
    }
    k[64] = side as u8;
    k[65] = phase;
    k
}
