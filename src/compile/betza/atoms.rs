//! The atoms of the notation (`W F D N A H C Z G K R B Q`) and their
//! geometry; the letters `XBetza` has and this dialect does not.

/// The steps of an atom, in eight directions numbered clockwise from forward.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Shape {
    /// Straight steps of this length (`W` `D` `H`; `R` rides `W`).
    Orth(i32),
    /// Diagonal steps of this length (`F` `A` `G`; `B` rides `F`).
    Diag(i32),
    /// Both one-square steps (`K`; `Q` rides it).
    King,
    /// Oblique leaps (short, long): `N` (1,2), `C` (1,3), `Z` (2,3).
    Oblique(i32, i32),
}

impl Shape {
    /// The step in direction `index` (0..8). For compass shapes the index is
    /// a compass direction (even: orthogonal, odd: diagonal, whatever the
    /// atom, which is how a 45-degree turn swaps `W` and `F`); for oblique
    /// ones it counts the eight leaps clockwise from (short, long).
    pub(super) fn step(self, index: usize) -> (i32, i32) {
        let index = index % 8;
        // The compass directions clockwise from forward, as the board has them.
        let (dx, dy) = crate::compile::board::Dir(index as u8).delta();
        match self {
            Shape::Orth(d) | Shape::Diag(d) => (dx * d, dy * d),
            Shape::King => (dx, dy),
            Shape::Oblique(s, l) => [
                (s, l),
                (l, s),
                (l, -s),
                (s, -l),
                (-s, -l),
                (-l, -s),
                (-l, s),
                (-s, l),
            ][index],
        }
    }

    /// Every direction of the atom.
    pub(super) fn all(self) -> u8 {
        match self {
            Shape::Orth(_) => 0x55,
            Shape::Diag(_) => 0xAA,
            Shape::King | Shape::Oblique(..) => 0xFF,
        }
    }
}

/// An atom letter: its shape and whether it rides without limit by itself.
pub(super) fn atom(letter: char) -> Option<(Shape, bool)> {
    Some(match letter {
        'W' => (Shape::Orth(1), false),
        'D' => (Shape::Orth(2), false),
        'H' => (Shape::Orth(3), false),
        'F' => (Shape::Diag(1), false),
        'A' => (Shape::Diag(2), false),
        'G' => (Shape::Diag(3), false),
        'N' => (Shape::Oblique(1, 2), false),
        'C' | 'L' => (Shape::Oblique(1, 3), false),
        'Z' | 'J' => (Shape::Oblique(2, 3), false),
        'K' => (Shape::King, false),
        'R' => (Shape::Orth(1), true),
        'B' => (Shape::Diag(1), true),
        'Q' => (Shape::King, true),
        _ => return None,
    })
}

/// What an upper-case letter that is not a supported atom means, if it
/// means something in `XBetza`.
pub(super) fn unsupported_atom(letter: char) -> Option<&'static str> {
    Some(match letter {
        'O' => "`O` (castling)",
        'U' => "`U` (universal leaper)",
        'I' => "`I` (imitator)",
        'X' => "`X` (extended leap, as in `FX`)",
        _ => return None,
    })
}

/// What a lower-case letter that is not a supported modifier means in
/// `XBetza`, if anything.
pub(super) fn unsupported_modifier(letter: u8) -> Option<&'static str> {
    Some(match letter {
        b'd' => "`d` (capture a friendly piece)",
        b'j' => "`j` (must jump)",
        b'k' => "`k` (royal move)",
        b'o' => "`o` (wrap around a cylinder board)",
        b'q' => "`q` (circular move)",
        b't' => "`t` (hop over own pieces only)",
        b'u' => "`u` (unload a captured piece)",
        b'x' => "`x` (borrowed moves)",
        b'y' => "`y` (range toggle)",
        b'z' => "`z` (crooked move)",
        _ => return None,
    })
}
