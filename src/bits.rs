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

    /// The `i`-th lowest square (counting from 0; `i` must be below the
    /// set's count), found without a walk through the squares before it.
    fn nth(self, i: u32) -> u8;

    /// The set of these squares.
    fn of(squares: &[u8]) -> Self {
        squares.iter().fold(Self::ZERO, |m, &q| m | Self::bit(q))
    }

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
            fn nth(self, i: u32) -> u8 {
                let low = self as u64;
                let n = low.count_ones();
                if i < n || $n == 64 {
                    select64(low, i)
                } else {
                    // The upper half of a u128.
                    64 + select64(self.checked_shr(64).unwrap_or(0) as u64, i - n)
                }
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

/// The `i`-th lowest set bit of `x` (`i` below its count): the byte that
/// holds it found from the bytes' running counts, all at once; then the
/// bit within the byte from a table.
#[inline]
fn select64(x: u64, i: u32) -> u8 {
    const ONES: u64 = 0x0101_0101_0101_0101;
    const HIGH: u64 = 0x8080_8080_8080_8080;
    let mut b = x - ((x >> 1) & 0x5555_5555_5555_5555);
    b = (b & 0x3333_3333_3333_3333) + ((b >> 2) & 0x3333_3333_3333_3333);
    b = (b + (b >> 4)) & 0x0f0f_0f0f_0f0f_0f0f;
    // Byte k: the bits in bytes 0..=k (at most 64: no carry between bytes).
    let sums = b.wrapping_mul(ONES);
    // The bytes whose running count is at most i lie before the one sought.
    let before = (((u64::from(i) * ONES) | HIGH) - sums) & HIGH;
    let byte = before.count_ones();
    let skipped = (sums << 8).checked_shr(8 * byte).unwrap_or(0) as u8;
    let within = x.checked_shr(8 * byte).unwrap_or(0) as u8;
    (8 * byte) as u8
        + SELECT8[usize::from(within)][usize::from((i as u8).wrapping_sub(skipped) & 7)]
}

/// For each byte, the position of its k-th lowest set bit.
static SELECT8: [[u8; 8]; 256] = {
    let mut t = [[0u8; 8]; 256];
    let mut v = 0;
    while v < 256 {
        let mut k = 0;
        let mut bit = 0;
        while bit < 8 {
            if v & (1 << bit) != 0 {
                t[v][k] = bit as u8;
                k += 1;
            }
            bit += 1;
        }
        v += 1;
    }
    t
};

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

    fn nth_walks_alike<B: Bits>(sets: &[B]) {
        for &s in sets {
            for (i, sq) in s.iter().enumerate() {
                assert_eq!(s.nth(i as u32), sq, "{s:?} {i}");
            }
        }
    }

    #[test]
    fn nth_square_is_the_one_a_walk_finds() {
        let mut x = 0x9e37_79b9_7f4a_7c15u64;
        let mut small = vec![u64::MAX, 1, 1 << 63, 0xff00, 0x8000_0000_0000_0001];
        let mut large = vec![u128::MAX, 1 << 127, (1 << 64) | 1, 1 << 64, 0xffff << 60];
        for _ in 0..200 {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            small.push(x & (x >> 3));
            large.push((u128::from(x) << 64) | u128::from(x.rotate_left(9) & x));
            large.push(u128::from(x));
        }
        nth_walks_alike(&small);
        nth_walks_alike(&large);
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
