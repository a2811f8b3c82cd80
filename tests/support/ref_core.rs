//! What the independent references (`shatranj_ref.rs`, `nilakantha_ref.rs`,
//! `parsi_ref.rs`) share: squares of an 8x8 board, the board part of a FEN,
//! how a game ended, and a game driven through its moves written as text
//! (the legal moves, playing one, perft). Each reference supplies its rules
//! ([`Rules`]: the result or the legal moves of a position, a move as text,
//! making a move); nothing here is shared with the interpreter. The
//! references on other boards (`tablut_ref.rs`, `morris_ref.rs`) use only
//! the results and [`Rules`].
//!
//! A test file that uses a reference declares this module at its root
//! (`#[path = "support/ref_core.rs"] mod ref_core;`), so that the
//! references and the differential harness (`differential.rs`) share it.
//!
//! Squares are numbered `rank * 8 + file` (a1 = 0, h1 = 7, a8 = 56). White is
//! colour 0 and moves "up" (rank index increasing), Black is colour 1.
#![allow(dead_code)]
#![allow(unreachable_pub, missing_docs)]

// ---------------------------------------------------------------------------
// Squares
// ---------------------------------------------------------------------------

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

// ---------------------------------------------------------------------------
// The board as text
// ---------------------------------------------------------------------------

/// A piece's FEN letter: its kind's letter, a capital for White.
pub fn fen_letter(letter: char, color: usize) -> char {
    if color == 0 {
        letter.to_ascii_uppercase()
    } else {
        letter
    }
}

/// The board part of a FEN, rank 8 first; `letter` gives a piece's FEN
/// letter.
pub fn board_fen<P: Copy>(b: &[Option<P>; 64], letter: impl Fn(P) -> char) -> String {
    let mut s = String::new();
    for r in (0..8).rev() {
        let mut empty = 0;
        for f in 0..8 {
            match b[r * 8 + f] {
                None => empty += 1,
                Some(p) => {
                    if empty > 0 {
                        s.push_str(&empty.to_string());
                        empty = 0;
                    }
                    s.push(letter(p));
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

/// Reads the board part of a FEN, rank 8 first; `piece` makes the piece of a
/// FEN letter standing on a square (None: no piece has that letter).
pub fn parse_board<P: Copy>(
    text: &str,
    piece: impl Fn(char, usize) -> Option<P>,
) -> std::result::Result<[Option<P>; 64], String> {
    let mut b = [None; 64];
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
            let sq = square(f, r).ok_or_else(|| format!("{text}: rank {} too long", r + 1))?;
            b[sq] = Some(piece(c, sq).ok_or_else(|| format!("{text}: piece {c}?"))?);
            f += 1;
        }
        if f != 8 {
            return Err(format!("{text}: rank {} has {f} squares", r + 1));
        }
    }
    Ok(b)
}

// ---------------------------------------------------------------------------
// Results, and the game driven by its moves as text
// ---------------------------------------------------------------------------

/// The end of a game.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Result {
    /// `winner`: 0 White, 1 Black; `half`: a half-victory (NI-10, PA-18).
    Win {
        winner: usize,
        kind: String,
        half: bool,
    },
    Draw {
        kind: String,
    },
}

impl Result {
    /// A whole win.
    pub fn win(winner: usize, kind: &str) -> Result {
        Result::Win {
            winner,
            kind: kind.to_string(),
            half: false,
        }
    }

    /// A half-victory.
    pub fn half_win(winner: usize, kind: &str) -> Result {
        Result::Win {
            winner,
            kind: kind.to_string(),
            half: true,
        }
    }

    pub fn draw(kind: &str) -> Result {
        Result::Draw {
            kind: kind.to_string(),
        }
    }

    /// The kind of ending, as the game file names it.
    pub fn kind(&self) -> &str {
        match self {
            Result::Win { kind, .. } | Result::Draw { kind } => kind,
        }
    }
}

/// A game under a reference's rules; the rest is driven through moves
/// written as text, as `lud` writes them.
pub trait Rules: Clone {
    type Move: Copy;

    /// The result, if the game is over here, and otherwise the legal moves
    /// (a finished game has none).
    fn evaluate(&self) -> (Option<Result>, Vec<Self::Move>);

    /// A legal move of this position, written as `lud` writes it.
    fn move_text(&self, m: Self::Move) -> String;

    /// Makes a legal move, keeping the history the rules need.
    fn play_move(&mut self, m: Self::Move);

    /// Drops the history (the positions before this one), as a position
    /// read from its string has none.
    fn forget_history(&mut self);

    /// The legal moves, sorted (empty when the game is over), and the
    /// result: `legal_moves` and `result` at once.
    fn moves_and_result(&self) -> (Vec<String>, Option<Result>) {
        let (r, moves) = self.evaluate();
        let mut v: Vec<String> = moves.into_iter().map(|m| self.move_text(m)).collect();
        v.sort();
        (v, r)
    }

    /// The legal moves, sorted; empty when the game is over.
    fn legal_moves(&self) -> Vec<String> {
        self.moves_and_result().0
    }

    /// None while the game goes on.
    fn result(&self) -> Option<Result> {
        self.evaluate().0
    }

    /// Plays a move written as `legal_moves` writes it; false (and nothing
    /// changes) if it is not legal here.
    fn play(&mut self, text: &str) -> bool {
        let found = self
            .evaluate()
            .1
            .into_iter()
            .find(|&m| self.move_text(m) == text);
        match found {
            Some(m) => {
                self.play_move(m);
                true
            }
            None => false,
        }
    }

    /// perft(0) = 1; 0 below a finished game.
    fn perft(&self, depth: u32) -> u64 {
        if depth == 0 {
            return 1;
        }
        let moves = self.evaluate().1;
        if depth == 1 {
            return moves.len() as u64;
        }
        moves
            .into_iter()
            .map(|m| {
                let mut g = self.clone();
                g.play_move(m);
                g.perft(depth - 1)
            })
            .sum()
    }

    /// The legal moves that start with `prefix` (a square, say).
    fn moves_from(&self, prefix: &str) -> Vec<String> {
        self.legal_moves()
            .into_iter()
            .filter(|m| m.starts_with(prefix))
            .collect()
    }

    /// Plays `moves` (separated by spaces); each must be legal.
    fn play_line(&mut self, moves: &str) {
        for m in moves.split_whitespace() {
            assert!(
                self.play(m),
                "{m} is not legal here: {:?}",
                self.legal_moves()
            );
        }
    }
}
