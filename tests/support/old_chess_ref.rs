//! The board and the pieces that the Shatranj and Nīlakaṇṭha references
//! (`shatranj_ref.rs`, `nilakantha_ref.rs`) share, written from RULES.md
//! alone: the two games move the same six pieces the same way (SH-3 .. SH-8,
//! SH-10; NI-2, NI-6), under different names.
//!
//! Deliberately plain: a mailbox board, and a piece attacks a square when the
//! geometry of its move says so (a rook also needs the squares between to be
//! empty). Nothing here is shared with the interpreter.
//!
//! Squares are numbered `rank * 8 + file` (a1 = 0, h1 = 7, a8 = 56). White is
//! colour 0 and moves "up" (rank index increasing), Black is colour 1.
#![allow(dead_code)]
#![allow(unreachable_pub, missing_docs)]

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

pub type Board = [Option<Piece>; 64];

pub fn file_of(sq: usize) -> i32 {
    (sq % 8) as i32
}

pub fn rank_of(sq: usize) -> i32 {
    (sq / 8) as i32
}

pub fn square(file: i32, rank: i32) -> Option<usize> {
    if (0..8).contains(&file) && (0..8).contains(&rank) {
        Some((rank * 8 + file) as usize)
    } else {
        None
    }
}

pub fn square_name(sq: usize) -> String {
    let f = (b'a' + (sq % 8) as u8) as char;
    let r = (b'1' + (sq / 8) as u8) as char;
    format!("{f}{r}")
}

/// `"e2"` -> 12.
pub fn parse_square(s: &str) -> Option<usize> {
    let b = s.as_bytes();
    if b.len() != 2 {
        return None;
    }
    square(
        i32::from(b[0]) - i32::from(b'a'),
        i32::from(b[1]) - i32::from(b'1'),
    )
}

/// +1 for White (towards rank 8), -1 for Black.
pub fn forward(color: usize) -> i32 {
    if color == 0 {
        1
    } else {
        -1
    }
}

/// The rank index a pawn of `color` promotes on: 7 for White, 0 for Black.
pub fn last_rank(color: usize) -> i32 {
    if color == 0 {
        7
    } else {
        0
    }
}

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
    let mut b: Board = [None; 64];
    let ranks: Vec<&str> = text.split('/').collect();
    if ranks.len() != 8 {
        return Err(format!("{text}: 8 ranks expected"));
    }
    for (i, row) in ranks.iter().enumerate() {
        let r = 7 - i as i32;
        let mut f = 0;
        for c in row.chars() {
            if let Some(d) = c.to_digit(10) {
                f += d as i32;
                continue;
            }
            let kind = Kind::from_letter(c).ok_or_else(|| format!("{text}: piece {c}?"))?;
            let sq = square(f, r).ok_or_else(|| format!("{text}: rank {} too long", r + 1))?;
            let color = usize::from(c.is_ascii_lowercase());
            b[sq] = Some(Piece {
                color,
                kind,
                origin: sq,
            });
            f += 1;
        }
        if f != 8 {
            return Err(format!("{text}: rank {} has {f} squares", r + 1));
        }
    }
    Ok(b)
}

/// The board part of a FEN, rank 8 first, capitals for White.
pub fn board_fen(b: &Board) -> String {
    let mut s = String::new();
    for r in (0..8).rev() {
        let mut empty = 0;
        for f in 0..8 {
            match b[(r * 8 + f) as usize] {
                None => empty += 1,
                Some(p) => {
                    if empty > 0 {
                        s.push_str(&empty.to_string());
                        empty = 0;
                    }
                    let l = p.kind.letter();
                    s.push(if p.color == 0 {
                        l.to_ascii_uppercase()
                    } else {
                        l
                    });
                }
            }
        }
        if empty > 0 {
            s.push_str(&empty.to_string());
        }
        if r > 0 {
            s.push('/');
        }
    }
    s
}

/// A position for repetition (G-5): the board and the side to move, plus a
/// byte for the turn phase (Nīlakaṇṭha's setup). Per-piece state (origins)
/// does not count.
pub type Key = [u8; 66];

pub fn key(b: &Board, side: usize, phase: u8) -> Key {
    let mut k = [0u8; 66];
    for (i, p) in b.iter().enumerate() {
        k[i] = match p {
            None => b'.',
            Some(p) => {
                let l = p.kind.letter() as u8;
                if p.color == 0 {
                    l.to_ascii_uppercase()
                } else {
                    l
                }
            }
        };
    }
    k[64] = side as u8;
    k[65] = phase;
    k
}
