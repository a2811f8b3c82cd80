//! The state of a game in progress: where the pieces are, whose turn it is,
//! the counters. Plain data, cheap to copy: the interpreter copies a state to
//! make a move (copy-make), so nothing here allocates.

use crate::bits::Bits;
use crate::compile::model::{MAX_COUNTERS, MAX_PIECES, MAX_PLAYERS};

/// The code of an empty square in the mailbox.
pub(crate) const EMPTY: u8 = 0;

/// The mailbox code of a piece of kind `piece` owned by `player`.
#[inline]
pub(crate) fn code(piece: u8, player: u8) -> u8 {
    1 + piece * MAX_PLAYERS as u8 + player
}

/// The kind of piece a (non-empty) mailbox code holds.
#[inline]
pub(crate) fn code_piece(code: u8) -> u8 {
    (code - 1) / MAX_PLAYERS as u8
}

/// The owner of a (non-empty) mailbox code.
#[inline]
pub(crate) fn code_player(code: u8) -> u8 {
    (code - 1) % MAX_PLAYERS as u8
}

/// A game state on a board of up to `B::CAPACITY` squares.
#[derive(Clone, Copy, Debug)]
pub struct State<B: Bits> {
    /// Squares holding each player's pieces.
    pub(crate) by_player: [B; MAX_PLAYERS],
    /// Squares holding each kind of piece (any player).
    pub(crate) by_piece: [B; MAX_PIECES],
    /// What each square holds: [`EMPTY`] or a [`code`].
    pub(crate) cells: B::Cells,
    /// The player to move.
    pub(crate) side: u8,
    /// The player who made the last move (before any move: the one before `side`).
    pub(crate) mover: u8,
    /// Plies played since the start of the game.
    pub(crate) ply: u32,
    /// The `(pliesSince ...)` counters.
    pub(crate) counters: [u16; MAX_COUNTERS],
    /// Zobrist key of what a repetition compares: board, side to move.
    pub(crate) hash: u64,
}

impl<B: Bits> State<B> {
    /// An empty board, first player to move.
    pub(crate) fn empty(players: u8) -> Self {
        State {
            by_player: [B::ZERO; MAX_PLAYERS],
            by_piece: [B::ZERO; MAX_PIECES],
            cells: B::empty_cells(),
            side: 0,
            mover: players.saturating_sub(1),
            ply: 0,
            counters: [0; MAX_COUNTERS],
            hash: 0,
        }
    }

    /// Every occupied square.
    #[inline]
    pub(crate) fn occupied(&self) -> B {
        let mut o = B::ZERO;
        for p in &self.by_player {
            o |= *p;
        }
        o
    }

    /// The mailbox code on `sq`.
    #[inline]
    pub(crate) fn at(&self, sq: u8) -> u8 {
        self.cells.as_ref()[sq as usize]
    }

    /// Squares holding `player`'s pieces of kind `piece`.
    #[inline]
    pub(crate) fn pieces(&self, piece: u8, player: u8) -> B {
        self.by_piece[piece as usize] & self.by_player[player as usize]
    }

    /// Puts a piece on an empty square (no hashing).
    pub(crate) fn put(&mut self, sq: u8, piece: u8, player: u8) {
        let b = B::bit(sq);
        self.by_player[player as usize] |= b;
        self.by_piece[piece as usize] |= b;
        self.cells.as_mut()[sq as usize] = code(piece, player);
    }
}
