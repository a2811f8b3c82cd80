//! Position keys (Zobrist): pieces on squares, the side to move, the phase,
//! the part of a turn, hands, en passant and castling rights.

use super::{Engine, State, NO_SQ};
use crate::bits::Bits;
use crate::compile::board::Sq;

/// The key of the part of the turn being played (0 outside a part): the part
/// and the square it is played from.
#[inline]
pub(crate) fn z_part<B: Bits>(st: &State<B>) -> u64 {
    if st.part == 0 {
        return 0;
    }
    let mut x = (u64::from(st.part) << 16 | u64::from(st.anchor)) ^ 0x9e37_79b9_7f4a_7c15;
    x = (x ^ (x >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    x = (x ^ (x >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    x ^ (x >> 31)
}

/// The key of `n` pieces of kind `kind` in `player`'s hand (0 for none).
#[inline]
pub(crate) fn z_hand(player: u8, kind: u8, n: u8) -> u64 {
    if n == 0 {
        return 0;
    }
    let mut x =
        (u64::from(player) << 16 | u64::from(kind) << 8 | u64::from(n)) ^ 0x2545_f491_4f6c_dd1d;
    x = (x ^ (x >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    x = (x ^ (x >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    x ^ (x >> 31)
}

/// The key of a player's score (0 for a score of 0).
#[inline]
pub(crate) fn z_score(player: u8, v: i16) -> u64 {
    if v == 0 {
        return 0;
    }
    let mut x = (u64::from(player) << 40 | u64::from(v as u16)) ^ 0x9e37_79b9_7f4a_7c15;
    x = (x ^ (x >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    x = (x ^ (x >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    x ^ (x >> 31)
}

impl<B: Bits> Engine<B> {
    /// The Zobrist key of a piece code on a square.
    #[inline]
    pub(crate) fn z(&self, code: u8, sq: Sq) -> u64 {
        self.zobrist[code as usize * self.squares() + sq as usize]
    }

    /// The piece code (never the empty square's) and square whose Zobrist
    /// key is `key`, if any (in a game whose restrictions ask whether a
    /// board recurs).
    #[inline]
    pub(crate) fn piece_of_key(&self, key: u64) -> Option<(u8, Sq)> {
        let i = self
            .zobrist_sorted
            .binary_search_by_key(&key, |&(k, _)| k)
            .ok()?;
        let at = self.zobrist_sorted[i].1 as usize;
        Some(((at / self.squares()) as u8, (at % self.squares()) as Sq))
    }

    /// The key of a position without whose turn it is: the board, hands,
    /// phase and part ([`crate::compile::model::Cond::RepeatedBoard`]).
    #[inline]
    pub(crate) fn board_key(&self, hash: u64, side: u8) -> u64 {
        hash ^ self.zobrist_side[side as usize]
    }

    /// The key of the phase part of a state.
    #[inline]
    pub(crate) fn z_phase(&self, st: &State<B>) -> u64 {
        if st.phase as usize >= self.model.phases.len() {
            0
        } else {
            self.zobrist_phase[st.phase as usize * 256 + st.phase_left as usize]
        }
    }

    /// The Zobrist key of a state computed from scratch.
    pub(crate) fn hash_of(&self, st: &State<B>) -> u64 {
        let mut h = self.zobrist_side[st.side as usize] ^ self.z_phase(st) ^ z_part(st);
        for sq in 0..self.squares() as Sq {
            let c = st.at(sq);
            if c != crate::state::EMPTY {
                h ^= self.z(c, sq);
            }
        }
        if st.passer != NO_SQ {
            h ^= self.z(crate::state::EMPTY, st.passer);
        }
        for p in 0..self.players() {
            for k in 0..crate::state::HAND_KINDS as u8 {
                h ^= z_hand(p, k, st.in_hand(p, k));
            }
            h ^= z_score(p, st.score[p as usize]);
        }
        h ^ self.castle_key(st)
    }

    /// The part of the key that holds castling rights (0 in games without
    /// castling), so that positions differ exactly where rights differ: a
    /// key for each unmoved piece of a kind that castles or is castled with
    /// that still has an unmoved mate to castle with. A rook that moved and
    /// came back after its king had moved leaves the key as it was.
    #[inline]
    pub(crate) fn castle_key(&self, st: &State<B>) -> u64 {
        self.rights_key(self.castle_squares(st) & st.unmoved)
    }

    /// [`Engine::castle_key`] for the unmoved castling pieces `u`.
    pub(crate) fn rights_key(&self, u: B) -> u64 {
        u.iter()
            .filter(|&q| !(self.castle_mates[q as usize] & u).is_empty())
            .fold(0, |h, q| h ^ self.zobrist_unmoved[q as usize])
    }

    /// The squares of pieces of the kinds that castle or are castled with.
    #[inline]
    pub(crate) fn castle_squares(&self, st: &State<B>) -> B {
        st.all_of_kinds(self.castle_kinds)
    }
}
