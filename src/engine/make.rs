//! Making a move on a state (the state is copied by the caller: copy-make).

use super::Engine;
use crate::bits::Bits;
use crate::moves::{Move, NO_PIECE};
use crate::state::{code, code_piece, code_player, State, EMPTY};

impl<B: Bits> Engine<B> {
    /// Plays `m` on `st` without checking it. The move must come from this
    /// engine's generator for this state.
    pub(crate) fn make(&self, st: &mut State<B>, m: Move) {
        let side = st.side;
        let c = st.at(m.from);
        let piece = code_piece(c);
        let captured = st.at(m.to);
        let mut h = st.hash;
        if captured != EMPTY {
            let b = B::bit(m.to);
            st.by_player[code_player(captured) as usize] ^= b;
            st.by_piece[code_piece(captured) as usize] ^= b;
            h ^= self.z(captured, m.to);
        }
        let fb = B::bit(m.from) | B::bit(m.to);
        st.by_player[side as usize] ^= fb;
        st.by_piece[piece as usize] ^= fb;
        let cells = st.cells.as_mut();
        cells[m.from as usize] = EMPTY;
        cells[m.to as usize] = c;
        h ^= self.z(c, m.from) ^ self.z(c, m.to);
        if m.promo != NO_PIECE {
            let nc = code(m.promo, side);
            let tb = B::bit(m.to);
            st.by_piece[piece as usize] ^= tb;
            st.by_piece[m.promo as usize] ^= tb;
            st.cells.as_mut()[m.to as usize] = nc;
            h ^= self.z(c, m.to) ^ self.z(nc, m.to);
        }
        for (i, ev) in self.counters.iter().enumerate() {
            let reset = (ev.capture && captured != EMPTY)
                || (ev.promotion && m.promo != NO_PIECE)
                || ev.moved & (1 << piece) != 0;
            st.counters[i] = if reset {
                0
            } else {
                st.counters[i].saturating_add(1)
            };
        }
        let next = self.next_player(side);
        h ^= self.zobrist_side[side as usize] ^ self.zobrist_side[next as usize];
        st.hash = h;
        st.mover = side;
        st.side = next;
        st.ply += 1;
    }
}
