//! Moves. A [`Move`] is fourteen bytes: from, to, the move rule that made it, the
//! kind of piece it promotes to, and an optional second part (the square and
//! rule of an extra move in the same turn). Text forms are in [`crate::notation`].

use crate::compile::board::Sq;

/// "No promotion" in [`Move::promotion`].
pub(crate) const NO_PIECE: u8 = u8::MAX;

/// One move of a game.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Move {
    pub(crate) from: Sq,
    pub(crate) to: Sq,
    pub(crate) rule: u8,
    pub(crate) promo: u8,
    pub(crate) extra: Sq,
    pub(crate) extra_rule: u8,
    /// For a series of jumps (`jump`): how many, and the direction of each,
    /// as [`Path`] packs them.
    pub(crate) path: [u8; 4],
}

/// The directions of a series of jumps, packed: the count in the low four
/// bits, then three bits per jump (at most [`Path::MAX`]). A longer series,
/// or one from afar, is *indexed*: 15 in the low bits, then its number among
/// the series the rule finds from its square (in the order the engine finds
/// them), which the engine reads back in the position.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(crate) struct Path(pub u32);

impl Path {
    /// The most jumps a path holds.
    pub(crate) const MAX: u32 = 9;

    /// The number of jumps (15 for an indexed series: see [`Path::indexed`]).
    pub(crate) fn len(self) -> u32 {
        self.0 & 0xf
    }

    /// The marker of an indexed series in the low bits.
    const INDEXED: u32 = 0xf;

    /// The `i`-th series from its square, found again in the position.
    pub(crate) fn indexed(i: u32) -> Path {
        Path((i << 4) | Self::INDEXED)
    }

    /// For an indexed series, its number.
    pub(crate) fn index(self) -> Option<u32> {
        (self.0 & 0xf == Self::INDEXED).then_some(self.0 >> 4)
    }

    /// The path with one more jump, in direction `d` (`None` if full).
    pub(crate) fn push(self, d: u8) -> Option<Path> {
        let n = self.len();
        (n < Self::MAX).then(|| Path((self.0 & !0xf) | (u32::from(d & 7) << (4 + 3 * n)) | (n + 1)))
    }

    /// The direction of jump `i`.
    pub(crate) fn dir(self, i: u32) -> u8 {
        ((self.0 >> (4 + 3 * i)) & 7) as u8
    }

    /// Each jump from `from`: the square jumped over and the square landed
    /// on (for a series of directions, not an indexed one).
    pub(crate) fn hops(
        self,
        board: &crate::compile::board::Board,
        from: Sq,
    ) -> impl Iterator<Item = (Sq, Sq)> + '_ {
        let mut cur = from;
        let n = if self.index().is_some() {
            0
        } else {
            self.len()
        };
        (0..n).map(move |i| {
            let d = crate::compile::board::Dir(self.dir(i));
            let over = board.step(cur, d).unwrap_or(cur);
            cur = board.step(over, d).unwrap_or(over);
            (over, cur)
        })
    }
}

impl Move {
    /// The move as one number: the same move always gives the same number,
    /// two moves never the same one (for bindings whose moves are integers,
    /// as the actions of `OpenSpiel` are). A plain move's number is below 2^40.
    pub fn code(self) -> u128 {
        let path = u32::from_le_bytes(self.path);
        u128::from(self.low_code())
            | u128::from(self.extra_rule ^ u8::MAX) << 64
            | u128::from(path) << 72
    }

    /// [`Move::code`] where it fits an `i64`, as every move in one part
    /// and not a series of jumps does (its number is below 2^63); `None`
    /// otherwise. Found in 64 bits, for bindings that list many moves.
    #[inline]
    pub fn small_code(self) -> Option<i64> {
        let code = self.low_code();
        let small = self.extra_rule == u8::MAX && self.path == [0; 4] && code >> 63 == 0;
        small.then_some(code as i64)
    }

    /// The [`Move::small_code`] of `Move::new(from, to, rule, NO_PIECE)`,
    /// a plain move's (which always fits): its squares and rule.
    #[inline]
    pub(crate) fn plain_code(from: Sq, to: Sq, rule: u8) -> i64 {
        i64::from(from) | i64::from(to) << 16 | i64::from(rule) << 32
    }

    /// The low 64 bits of [`Move::code`]: the squares, the rule, the
    /// promotion and the extra square.
    #[inline]
    fn low_code(self) -> u64 {
        u64::from(self.from)
            | u64::from(self.to) << 16
            | u64::from(self.rule) << 32
            | u64::from(self.promo ^ NO_PIECE) << 40
            | u64::from(self.extra ^ crate::state::NO_SQ) << 48
    }

    /// The move of a [`Move::code`]. Any number below 2^104 reads as some
    /// move, legal or not, and a larger one as none: check it against the
    /// legal moves.
    pub fn from_code(code: u128) -> Option<Move> {
        if code >> 104 != 0 {
            return None;
        }
        let part = |at: u32, bits: u32| ((code >> at) & ((1u128 << bits) - 1)) as u32;
        Some(Move {
            from: part(0, 16) as Sq,
            to: part(16, 16) as Sq,
            rule: part(32, 8) as u8,
            promo: part(40, 8) as u8 ^ NO_PIECE,
            extra: part(48, 16) as Sq ^ crate::state::NO_SQ,
            extra_rule: part(64, 8) as u8 ^ u8::MAX,
            path: part(72, 32).to_le_bytes(),
        })
    }

    pub(crate) fn new(from: Sq, to: Sq, rule: u8, promo: u8) -> Move {
        Move {
            from,
            to,
            rule,
            promo,
            extra: crate::state::NO_SQ,
            extra_rule: u8::MAX,
            path: [0; 4],
        }
    }

    /// The jumps of a series of jumps (empty for other moves).
    pub(crate) fn jumps(self) -> Path {
        Path(u32::from_le_bytes(self.path))
    }

    /// The square the piece leaves (`None` for a removal, which moves no piece).
    pub fn from(self) -> Option<usize> {
        (self.from != crate::state::NO_SQ).then_some(self.from as usize)
    }

    /// Whether the move is a pass: no square at all.
    pub fn is_pass(self) -> bool {
        self.to == crate::state::NO_SQ
    }

    /// The square the piece goes to (or the square emptied by a removal).
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

    /// The square of the extra move made in the same turn, if any.
    pub fn extra(self) -> Option<usize> {
        (self.extra != crate::state::NO_SQ).then_some(self.extra as usize)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_move_reads_back_from_its_code() {
        // Every shipped game: plain moves, jumps in series, drops, moves
        // in parts.
        let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("games");
        for entry in std::fs::read_dir(dir).unwrap() {
            let path = entry.unwrap().path();
            let file = path.display().to_string();
            let text = std::fs::read_to_string(&path).unwrap();
            let game = crate::build::compile_str(&file, &text).unwrap();
            let mut pos = game.start();
            let mut rng = fastrand::Rng::with_seed(5);
            let mut codes = std::collections::HashSet::new();
            for _ in 0..60 {
                let moves = pos.legal_moves();
                if moves.is_empty() {
                    break;
                }
                codes.clear();
                for &m in &moves {
                    assert_eq!(Move::from_code(m.code()), Some(m), "{file}");
                    assert!(codes.insert(m.code()), "{file}: two moves, one code");
                    assert_eq!(m.small_code(), i64::try_from(m.code()).ok(), "{file}");
                }
                pos.play_unchecked(moves[rng.usize(..moves.len())]);
            }
        }
        assert_eq!(Move::from_code(1 << 104), None);
    }

    #[test]
    fn a_plain_moves_code_is_its_small_code() {
        let mut rng = fastrand::Rng::with_seed(4);
        for _ in 0..10_000 {
            let (from, to, rule) = (rng.u16(..), rng.u16(..), rng.u8(..));
            assert_eq!(
                Some(Move::plain_code(from, to, rule)),
                Move::new(from, to, rule, NO_PIECE).small_code()
            );
        }
    }

    #[test]
    fn small_code_is_the_code_wherever_it_fits_an_i64() {
        // Fields drawn at random, each often at its edges.
        let mut rng = fastrand::Rng::with_seed(9);
        let pick16 = |r: &mut fastrand::Rng| match r.u8(..4) {
            0 => crate::state::NO_SQ,
            1 => 0x7fff,
            2 => 0x8000,
            _ => r.u16(..),
        };
        let (mut small, mut wide) = (0, 0);
        for _ in 0..20_000 {
            let m = Move {
                from: pick16(&mut rng),
                to: pick16(&mut rng),
                rule: rng.u8(..),
                promo: if rng.bool() { NO_PIECE } else { rng.u8(..) },
                extra: pick16(&mut rng),
                extra_rule: if rng.u8(..4) > 0 { u8::MAX } else { rng.u8(..) },
                path: if rng.u8(..4) > 0 {
                    [0; 4]
                } else {
                    rng.u32(..).to_le_bytes()
                },
            };
            let want = i64::try_from(m.code()).ok();
            assert_eq!(m.small_code(), want, "{m:?}");
            if want.is_some() {
                small += 1;
            } else {
                wide += 1;
            }
        }
        assert!(small > 1000 && wide > 1000, "{small} small, {wide} wide");
    }
}
