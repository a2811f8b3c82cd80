//! Moves. A [`Move`] is four bytes: from, to, the move rule that made it, and
//! the kind of piece it promotes to. Text forms are in [`crate::notation`].

/// "No promotion" in [`Move::promotion`].
pub(crate) const NO_PIECE: u8 = u8::MAX;

/// One move of a game.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Move {
    pub(crate) from: u8,
    pub(crate) to: u8,
    pub(crate) rule: u8,
    pub(crate) promo: u8,
}

impl Move {
    pub(crate) fn new(from: u8, to: u8, rule: u8, promo: u8) -> Move {
        Move {
            from,
            to,
            rule,
            promo,
        }
    }

    /// The square the piece leaves.
    pub fn from(self) -> usize {
        self.from as usize
    }

    /// The square the piece goes to.
    pub fn to(self) -> usize {
        self.to as usize
    }

    /// The index of the move rule (in the game's model) that made this move.
    pub fn rule(self) -> usize {
        self.rule as usize
    }

    /// The kind of piece the mover becomes, if it promotes.
    pub fn promotion(self) -> Option<usize> {
        (self.promo != NO_PIECE).then_some(self.promo as usize)
    }
}
