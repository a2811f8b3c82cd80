//! The state of a game in progress: where the pieces are, what each piece
//! remembers (moved or not, where it started, its flags), what each player
//! remembers, whose turn it is, the phase and the counters. Plain data, cheap
//! to copy: the interpreter copies a state to make a move (copy-make), so
//! nothing here allocates.

pub(crate) use crate::bits::NO_SQ;
use crate::bits::{Bits, Sq};
use crate::compile::model::{MAX_COUNTERS, MAX_FLAGS, MAX_PIECES, MAX_PLAYERS};

/// The largest score a player can have (and the lowest, negated): scores
/// stop there.
pub(crate) const SCORE_MAX: i64 = 30_000;

/// The kinds of piece a hand can hold (a byte each, so that a state stays
/// small for every game).
pub(crate) use crate::compile::model::HAND_KINDS;
/// "No piece" where a piece kind is expected (a player's own move).
pub(crate) const NO_KIND: u8 = u8::MAX;
/// The code of an empty square in the mailbox.
pub(crate) const EMPTY: u8 = 0;
/// In [`State::last`]: the player to move made the last move too (and, the
/// move being legal, left its royal pieces unattacked).
pub(crate) const OWN_MOVE: Sq = Sq::MAX - 1;

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

/// What the history keeps of each earlier position: its repetition key,
/// whether the player to move was in check there (kept only for
/// perpetual-check rules), and who made the move that led to it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Hist {
    /// The position's key.
    pub hash: u64,
    /// Whether the player to move was in check.
    pub checked: bool,
    /// Who moved into the position.
    pub mover: u8,
    /// How many times this key has occurred up to this entry (1 the first time).
    pub reps: u8,
    /// The most any key has occurred up to this entry (since the number of
    /// pieces last changed, where it never grows: no earlier key can recur).
    pub max_reps: u8,
    /// How many pieces stand on the board (a repetition needs as many).
    pub men: u8,
    /// The player to move (to compare boards alone: see
    /// [`crate::engine::Engine::board_key`]).
    pub side: u8,
}

/// The last entries of `hist` that can share a key with a position of
/// `men` pieces. Where the number of pieces only ever moves one way
/// (`monotone`), only the entries since it last changed can.
#[inline]
pub(crate) fn same_men(hist: &[Hist], men: u8, monotone: bool) -> &[Hist] {
    let keep = same_men_back(hist, men, monotone).count();
    &hist[hist.len() - keep..]
}

/// The entries of [`same_men`], latest first (one pass, as they are read).
#[inline]
pub(crate) fn same_men_back(hist: &[Hist], men: u8, monotone: bool) -> impl Iterator<Item = &Hist> {
    hist.iter()
        .rev()
        .take_while(move |h| !monotone || h.men == men)
}

/// How often each key occurs among the entries of a history that
/// [`same_men`] keeps: a table kept in step with the history as it grows,
/// so that a position's repetitions are found at once instead of by a
/// search back through the game (long games without a capture, where a
/// search reads every entry at every ply). An open-addressing table whose
/// slots belong to the current window by a stamp, so that a change in the
/// number of pieces empties it at once.
#[derive(Clone, Debug, Default)]
pub(crate) struct KeyCounts {
    /// `(key, count, stamp)`; a slot of another stamp is empty.
    slots: Vec<(u64, u32, u32)>,
    /// The slots of the current stamp.
    live: usize,
    /// The current stamp (never 0 once in use: a new slot's stamp is 0).
    stamp: u32,
    /// The number of pieces of the entries held.
    men: u8,
}

impl KeyCounts {
    /// An empty table with room for `n` keys without growing.
    pub(crate) fn with_room(n: usize) -> KeyCounts {
        KeyCounts {
            slots: vec![(0, 0, 0); (2 * n + 2).next_power_of_two().max(64)],
            live: 0,
            stamp: 1,
            men: 0,
        }
    }

    /// Empties the table.
    pub(crate) fn clear(&mut self) {
        self.live = 0;
        self.stamp = self.stamp.wrapping_add(1);
        if self.stamp == 0 {
            self.slots.iter_mut().for_each(|s| s.2 = 0);
            self.stamp = 1;
        }
    }

    /// Holds `hist`'s entries and no others (keeping its room).
    pub(crate) fn hold(&mut self, hist: &[Hist], monotone: bool) {
        self.clear();
        for h in hist {
            self.add(h, monotone);
        }
    }

    /// The slot of `key`: where it is, or the empty slot where it would go.
    #[inline]
    fn slot(&self, key: u64) -> usize {
        let mask = self.slots.len() - 1;
        let mut i = key as usize & mask;
        loop {
            let (k, _, stamp) = self.slots[i];
            if stamp != self.stamp || k == key {
                return i;
            }
            i = (i + 1) & mask;
        }
    }

    /// How many entries held have key `key`, for a position of `men`
    /// pieces: as many as [`same_men_back`] would find.
    #[inline]
    pub(crate) fn count(&self, key: u64, men: u8, monotone: bool) -> usize {
        if (monotone && men != self.men) || self.live == 0 {
            return 0;
        }
        let (_, n, stamp) = self.slots[self.slot(key)];
        if stamp == self.stamp {
            n as usize
        } else {
            0
        }
    }

    /// Holds one more entry: the one just pushed onto the history.
    #[inline]
    pub(crate) fn add(&mut self, h: &Hist, monotone: bool) {
        self.add_key(h.hash, h.men, monotone);
    }

    /// Holds one more key, of a position of `men` pieces.
    #[inline]
    pub(crate) fn add_key(&mut self, key: u64, men: u8, monotone: bool) {
        if monotone && men != self.men {
            self.clear();
        }
        self.men = men;
        if (self.live + 1) * 2 > self.slots.len() {
            self.grow();
        }
        let i = self.slot(key);
        let s = &mut self.slots[i];
        if s.2 == self.stamp {
            s.1 += 1;
        } else {
            *s = (key, 1, self.stamp);
            self.live += 1;
        }
    }

    /// Twice the room (at least 64 slots), the entries held moved over.
    #[cold]
    fn grow(&mut self) {
        let old = std::mem::take(&mut self.slots);
        let stamp = self.stamp;
        self.slots = vec![(0, 0, 0); (old.len() * 2).max(64)];
        self.stamp = 1;
        for (key, n, s) in old {
            if s == stamp {
                let i = self.slot(key);
                self.slots[i] = (key, n, 1);
            }
        }
    }
}

/// A game's history as a position carries it: the entries, and a filter
/// of the keys that [`same_men`] keeps (a bit for each key, chosen by its
/// top bits). A key whose bit is clear has surely not occurred, so that
/// playing a move and judging the end rules need no search back through
/// the game to find that a position is new, as it almost always is. Reads
/// as the slice of its entries.
#[derive(Debug, Default, PartialEq, Eq)]
pub(crate) struct Line {
    hist: Vec<Hist>,
    /// The filter's bits (for the entries since the number of pieces last
    /// changed, where it only falls: the last entry's number).
    seen: [u64; 4],
}

impl Clone for Line {
    fn clone(&self) -> Line {
        Line {
            hist: self.hist.clone(),
            seen: self.seen,
        }
    }

    /// Keeps this line's room for entries (a game started again from a
    /// copy of its start grows no list anew).
    fn clone_from(&mut self, source: &Line) {
        self.hist.clone_from(&source.hist);
        self.seen = source.seen;
    }
}

impl Line {
    /// The filter's word and bit for `key`.
    #[inline]
    fn bit(key: u64) -> (usize, u64) {
        ((key >> 62) as usize, 1 << ((key >> 56) & 63))
    }

    /// Whether the key `key` of a position of `men` pieces may be among
    /// the entries [`same_men`] keeps (`false`: surely not).
    #[inline]
    pub(crate) fn may_hold(&self, key: u64, men: u8, monotone: bool) -> bool {
        let (w, b) = Self::bit(key);
        self.seen[w] & b != 0 && self.hist.last().is_some_and(|l| !monotone || l.men == men)
    }

    /// One more entry, at the end.
    #[inline]
    pub(crate) fn push(&mut self, h: Hist, monotone: bool) {
        if monotone && self.hist.last().is_some_and(|l| l.men != h.men) {
            self.seen = [0; 4];
        }
        let (w, b) = Self::bit(h.hash);
        self.seen[w] |= b;
        self.hist.push(h);
    }

    /// Keeps the first `n` entries (the filter made again).
    pub(crate) fn truncate(&mut self, n: usize, monotone: bool) {
        if n < self.hist.len() {
            let mut kept = std::mem::take(&mut self.hist);
            kept.truncate(n);
            self.clear();
            for h in &kept {
                self.push(*h, monotone);
            }
        }
    }

    /// No entries.
    pub(crate) fn clear(&mut self) {
        self.hist.clear();
        self.seen = [0; 4];
    }
}

impl std::ops::Deref for Line {
    type Target = [Hist];
    #[inline]
    fn deref(&self) -> &[Hist] {
        &self.hist
    }
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
    /// For each square, the square its piece started on ([`NO_SQ`] if empty or unknown).
    pub(crate) origin: B::Origins,
    /// Squares whose piece has never moved.
    pub(crate) unmoved: B,
    /// Piece flags: for each flag, the squares whose piece carries it.
    pub(crate) flags: [B; MAX_FLAGS],
    /// Remembered facts about each player, a bit each.
    pub(crate) facts: [u8; MAX_PLAYERS],
    /// Pieces each player holds in hand, off the board: a byte per kind,
    /// for the first [`HAND_KINDS`] kinds (see [`State::in_hand`]).
    pub(crate) hand: [u64; MAX_PLAYERS],
    /// Each player's score (`(addScore ...)`, read by `(score ...)`).
    pub(crate) score: [i16; MAX_PLAYERS],
    /// The player to move.
    pub(crate) side: u8,
    /// The player who made the last move (before any move: the one before `side`).
    pub(crate) mover: u8,
    /// The phase: an index into the game's phases; their number once play is normal.
    pub(crate) phase: u8,
    /// In a phase, the moves the player to move still makes in a row.
    pub(crate) phase_left: u8,
    /// Plies played since the start of the game.
    pub(crate) ply: u32,
    /// The `(pliesSince ...)` counters.
    pub(crate) counters: [u16; MAX_COUNTERS],
    /// Zobrist key of what a repetition compares: board, side to move,
    /// phase, and the square of a piece that may be taken en passant.
    pub(crate) hash: u64,
    /// The squares the last move passed over, if it may be taken en passant.
    pub(crate) passed: B,
    /// The square of the piece that made that move ([`NO_SQ`] if none).
    pub(crate) passer: Sq,
    /// Whether the last move took a piece.
    pub(crate) took: bool,
    /// How many of the last moves in a row were passes.
    pub(crate) passes: u8,
    /// The part of the turn being played: 0 for a turn's first move, `k + 1`
    /// for part `k` (`(continue ...)`).
    pub(crate) part: u8,
    /// Where the move before the part landed ([`NO_SQ`] outside a part).
    pub(crate) anchor: Sq,
    /// Where the piece of the last move came from and went, if it was a
    /// plain move (one piece moving, perhaps taking or promoting) made
    /// right after a move of the other player; [`OWN_MOVE`] twice if the
    /// player to move made it; [`NO_SQ`] otherwise or if unknown. Not part
    /// of the position.
    pub(crate) last: (Sq, Sq),
}

impl<B: Bits> State<B> {
    /// An empty board, first player to move.
    pub(crate) fn empty(players: u8) -> Self {
        let origin = B::no_origins();
        State {
            by_player: [B::ZERO; MAX_PLAYERS],
            by_piece: [B::ZERO; MAX_PIECES],
            cells: B::empty_cells(),
            origin,
            unmoved: B::ZERO,
            flags: [B::ZERO; MAX_FLAGS],
            facts: [0; MAX_PLAYERS],
            hand: [0; MAX_PLAYERS],
            score: [0; MAX_PLAYERS],
            side: 0,
            mover: players.saturating_sub(1),
            phase: 0,
            phase_left: 0,
            ply: 0,
            counters: [0; MAX_COUNTERS],
            hash: 0,
            passed: B::ZERO,
            passer: NO_SQ,
            took: false,
            passes: 0,
            part: 0,
            anchor: NO_SQ,
            last: (NO_SQ, NO_SQ),
        }
    }

    /// How many pieces of kind `kind` `player` holds in hand.
    #[inline]
    pub(crate) fn in_hand(&self, player: u8, kind: u8) -> u8 {
        if usize::from(kind) >= HAND_KINDS {
            return 0;
        }
        (self.hand[player as usize] >> (8 * kind)) as u8
    }

    /// How many pieces `player` holds in hand, of every kind: the bytes of
    /// the hand summed in pairs, then the four sums by one multiplication.
    #[inline]
    pub(crate) fn hand_total(&self, player: u8) -> u32 {
        const PAIRS: u64 = 0x00ff_00ff_00ff_00ff;
        let h = self.hand[player as usize];
        let pairs = (h & PAIRS) + ((h >> 8) & PAIRS);
        (pairs.wrapping_mul(0x0001_0001_0001_0001) >> 48) as u32
    }

    /// Sets how many pieces of kind `kind` `player` holds in hand (kinds
    /// past the first [`HAND_KINDS`] hold none; the compiler refuses them).
    #[inline]
    pub(crate) fn set_hand(&mut self, player: u8, kind: u8, n: u8) {
        if usize::from(kind) >= HAND_KINDS {
            return;
        }
        let shift = 8 * kind;
        let h = &mut self.hand[player as usize];
        *h = (*h & !(0xff << shift)) | (u64::from(n) << shift);
    }

    /// How many pieces the game holds: on the board and in the players'
    /// hands (modulo 256). A repetition needs as many; a drop from hand
    /// leaves the number as it was.
    #[inline]
    pub(crate) fn men(&self) -> u8 {
        // Each hand's bytes summed (modulo 256) by one multiplication.
        let in_hands = self.hand.iter().fold(0u8, |acc, &h| {
            acc.wrapping_add((h.wrapping_mul(0x0101_0101_0101_0101) >> 56) as u8)
        });
        (self.occupied().count() as u8).wrapping_add(in_hands)
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
    pub(crate) fn at(&self, sq: Sq) -> u8 {
        self.cells.as_ref()[sq as usize]
    }

    /// The start square of the piece on `sq`.
    #[inline]
    pub(crate) fn origin_of(&self, sq: Sq) -> Sq {
        B::sq_of(self.origin.as_ref()[sq as usize])
    }

    /// Squares holding `player`'s pieces of kind `piece`.
    #[inline]
    pub(crate) fn pieces(&self, piece: u8, player: u8) -> B {
        self.by_piece[piece as usize] & self.by_player[player as usize]
    }

    /// Squares holding pieces of the kinds in `kinds` (bit per kind), any player's.
    #[inline]
    pub(crate) fn all_of_kinds(&self, kinds: u32) -> B {
        let mut r = B::ZERO;
        let mut k = kinds;
        while k != 0 {
            let t = k.trailing_zeros();
            k &= k - 1;
            r |= self.by_piece[t as usize];
        }
        r
    }

    /// Squares holding `player`'s pieces of the kinds in `kinds` (bit per kind).
    #[inline]
    pub(crate) fn of_kinds(&self, kinds: u32, player: u8) -> B {
        self.all_of_kinds(kinds) & self.by_player[player as usize]
    }

    /// Puts a piece on an empty square (no hashing); it starts there, unmoved.
    pub(crate) fn put(&mut self, sq: Sq, piece: u8, player: u8) {
        let b = B::bit(sq);
        self.by_player[player as usize] |= b;
        self.by_piece[piece as usize] |= b;
        self.cells.as_mut()[sq as usize] = code(piece, player);
        self.origin.as_mut()[sq as usize] = B::orig(sq);
        self.unmoved |= b;
    }

    /// Takes whatever stands on `sq` off the board, with everything it
    /// carries (no hashing). Returns its code.
    pub(crate) fn take(&mut self, sq: Sq) -> u8 {
        let c = self.at(sq);
        if c != EMPTY {
            let keep = !B::bit(sq);
            self.by_player[code_player(c) as usize] &= keep;
            self.by_piece[code_piece(c) as usize] &= keep;
            self.unmoved &= keep;
            for f in &mut self.flags {
                *f &= keep;
            }
            self.cells.as_mut()[sq as usize] = EMPTY;
            self.origin.as_mut()[sq as usize] = B::orig(NO_SQ);
        }
        c
    }

    /// Moves the piece on `from` to the empty square `to`, with everything it
    /// carries; it counts as moved (no hashing).
    pub(crate) fn shift(&mut self, from: Sq, to: Sq) {
        let c = self.at(from);
        if c == EMPTY || from == to {
            return;
        }
        let fb = B::bit(from);
        let both = fb | B::bit(to);
        self.by_player[code_player(c) as usize] ^= both;
        self.by_piece[code_piece(c) as usize] ^= both;
        self.unmoved &= !both;
        for f in &mut self.flags {
            if !(*f & fb).is_empty() {
                *f ^= both;
            }
        }
        let o = self.origin.as_ref()[from as usize];
        self.cells.as_mut()[from as usize] = EMPTY;
        self.cells.as_mut()[to as usize] = c;
        self.origin.as_mut()[from as usize] = B::orig(NO_SQ);
        self.origin.as_mut()[to as usize] = o;
    }

    /// Gives the piece on `sq` to `player` (no hashing).
    pub(crate) fn reown(&mut self, sq: Sq, player: u8) {
        let c = self.at(sq);
        if c == EMPTY || code_player(c) == player {
            return;
        }
        let b = B::bit(sq);
        self.by_player[code_player(c) as usize] ^= b;
        self.by_player[player as usize] ^= b;
        self.cells.as_mut()[sq as usize] = code(code_piece(c), player);
    }

    /// Changes the kind of the piece on `sq` (no hashing).
    pub(crate) fn retype(&mut self, sq: Sq, kind: u8) {
        let c = self.at(sq);
        if c == EMPTY {
            return;
        }
        let b = B::bit(sq);
        self.by_piece[code_piece(c) as usize] ^= b;
        self.by_piece[kind as usize] ^= b;
        self.cells.as_mut()[sq as usize] = code(kind, code_player(c));
    }
}
