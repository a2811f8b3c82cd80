//! Square sets as machine words. A game whose board has at most 64 squares is
//! played on `u64`s, a larger one (up to 128) on `u128`s; the interpreter is
//! written once, generic over [`Bits`].

use std::fmt::Debug;
use std::hash::Hash;
use std::ops::{BitAnd, BitAndAssign, BitOr, BitOrAssign, BitXor, BitXorAssign, Not};

/// A set of squares, one bit per square.
pub trait Bits:
    Copy
    + Eq
    + Hash
    + Default
    + Debug
    + Send
    + Sync
    + 'static
    + BitAnd<Output = Self>
    + BitOr<Output = Self>
    + BitXor<Output = Self>
    + Not<Output = Self>
    + BitAndAssign
    + BitOrAssign
    + BitXorAssign
{
    /// The empty set.
    const ZERO: Self;
    /// How many squares the type can hold.
    const CAPACITY: usize;
    /// One byte per square (the board's mailbox).
    type Cells: Copy + Debug + Send + Sync + AsRef<[u8]> + AsMut<[u8]>;

    /// A mailbox of empty squares.
    fn empty_cells() -> Self::Cells;
    /// The set holding only `sq`.
    fn bit(sq: u8) -> Self;
    /// Number of squares in the set.
    fn count(self) -> u32;
    /// The lowest square (the set must not be empty).
    fn lsb(self) -> u8;
    /// The highest square (the set must not be empty).
    fn msb(self) -> u8;
    /// The set without its lowest square.
    #[must_use]
    fn clear_lsb(self) -> Self;
    /// Every square of the set moved by `by` (up if positive), those moved
    /// off either end dropped.
    #[must_use]
    fn shifted(self, by: i32) -> Self;

    /// Whether the set is empty.
    #[inline]
    fn is_empty(self) -> bool {
        self == Self::ZERO
    }

    /// Whether `sq` is in the set.
    #[inline]
    fn has(self, sq: u8) -> bool {
        !(self & Self::bit(sq)).is_empty()
    }

    /// The squares in increasing order.
    #[inline]
    fn iter(self) -> BitIter<Self> {
        BitIter(self)
    }
}

macro_rules! impl_bits {
    ($t:ty, $n:expr) => {
        impl Bits for $t {
            const ZERO: Self = 0;
            const CAPACITY: usize = $n;
            type Cells = [u8; $n];

            #[inline]
            fn empty_cells() -> Self::Cells {
                [0; $n]
            }
            #[inline]
            fn bit(sq: u8) -> Self {
                1 << sq
            }
            #[inline]
            fn count(self) -> u32 {
                self.count_ones()
            }
            #[inline]
            fn lsb(self) -> u8 {
                self.trailing_zeros() as u8
            }
            #[inline]
            fn msb(self) -> u8 {
                ($n - 1 - self.leading_zeros()) as u8
            }
            #[inline]
            fn clear_lsb(self) -> Self {
                self & self.wrapping_sub(1)
            }
            #[inline]
            fn shifted(self, by: i32) -> Self {
                if by >= 0 {
                    self.checked_shl(by.unsigned_abs()).unwrap_or(0)
                } else {
                    self.checked_shr(by.unsigned_abs()).unwrap_or(0)
                }
            }
        }
    };
}

impl_bits!(u64, 64);
impl_bits!(u128, 128);

/// Iterator over the squares of a set, lowest first.
#[derive(Clone, Debug)]
pub struct BitIter<B>(B);

impl<B: Bits> Iterator for BitIter<B> {
    type Item = u8;

    #[inline]
    fn next(&mut self) -> Option<u8> {
        if self.0.is_empty() {
            None
        } else {
            let s = self.0.lsb();
            self.0 = self.0.clear_lsb();
            Some(s)
        }
    }

    fn size_hint(&self) -> (usize, Option<usize>) {
        let n = self.0.count() as usize;
        (n, Some(n))
    }
}

impl<B: Bits> ExactSizeIterator for BitIter<B> {}

#[cfg(test)]
mod tests {
    use super::*;

    fn roundtrip<B: Bits>() {
        let s = B::bit(3) | B::bit(60);
        assert_eq!(s.count(), 2);
        assert_eq!(s.lsb(), 3);
        assert_eq!(s.msb(), 60);
        assert_eq!(s.iter().collect::<Vec<_>>(), vec![3, 60]);
        assert!(s.has(60) && !s.has(4));
    }

    #[test]
    fn both_widths_behave_alike() {
        roundtrip::<u64>();
        roundtrip::<u128>();
        assert_eq!(<u128 as Bits>::bit(100).msb(), 100);
    }

    #[test]
    fn shifting_drops_squares_moved_off_either_end() {
        let s: u64 = (1 << 3) | (1 << 62);
        assert_eq!(s.shifted(0), s);
        assert_eq!(s.shifted(1), (1 << 4) | (1 << 63));
        assert_eq!(s.shifted(2), 1 << 5);
        assert_eq!(s.shifted(-4), 1 << 58);
        assert_eq!(s.shifted(64), 0);
        assert_eq!(s.shifted(-64), 0);
        assert_eq!(
            <u128 as Bits>::bit(120).shifted(-100),
            <u128 as Bits>::bit(20)
        );
    }
}
