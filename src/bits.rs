//! Square sets as machine words. A game whose board has at most 64 squares is
//! played on `u64`s, one of up to 128 on `u128`s, a larger one on a fixed
//! array of words ([`Wide`]: 256, 384 or 640 squares); the interpreter is
//! written once, generic over [`Bits`].

use std::fmt::Debug;
use std::hash::Hash;
use std::ops::{BitAnd, BitAndAssign, BitOr, BitOrAssign, BitXor, BitXorAssign, Not};

pub use crate::compile::board::Sq;

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
    /// How many words of 64 squares it holds.
    const WORDS: usize;
    /// One byte per square (the board's mailbox).
    type Cells: Copy + Debug + Send + Sync + AsRef<[u8]> + AsMut<[u8]>;
    /// A square's number as a mailbox stores it: a byte where every square
    /// fits in one, else two.
    type Orig: Copy + Debug + Send + Sync + Eq + 'static;
    /// One [`Bits::Orig`] per square.
    type Origins: Copy + Debug + Send + Sync + AsRef<[Self::Orig]> + AsMut<[Self::Orig]>;

    /// A mailbox of empty squares.
    fn empty_cells() -> Self::Cells;
    /// A mailbox of squares, each holding none ([`NO_SQ`]).
    fn no_origins() -> Self::Origins;
    /// A square as the mailbox stores it ([`NO_SQ`] kept as none).
    fn orig(sq: Sq) -> Self::Orig;
    /// The square a mailbox entry holds ([`NO_SQ`] for none).
    fn sq_of(o: Self::Orig) -> Sq;
    /// The set holding only `sq`.
    fn bit(sq: Sq) -> Self;
    /// Number of squares in the set.
    fn count(self) -> u32;
    /// The lowest square (the set must not be empty).
    fn lsb(self) -> Sq;
    /// The highest square (the set must not be empty).
    fn msb(self) -> Sq;
    /// The set without its lowest square.
    #[must_use]
    fn clear_lsb(self) -> Self;
    /// Squares `64 * i` to `64 * i + 63` of the set, a bit each (none for
    /// `i` past the last word).
    fn word(self, i: usize) -> u64;
    /// Every square of the set moved by `by` (up if positive), those moved
    /// off either end dropped.
    #[must_use]
    fn shifted(self, by: i32) -> Self;

    /// The `i`-th lowest square (counting from 0; `i` must be below the
    /// set's count), found without a walk through the squares before it.
    fn nth(self, i: u32) -> Sq;

    /// The set of these squares.
    fn of(squares: &[Sq]) -> Self {
        squares.iter().fold(Self::ZERO, |m, &q| m | Self::bit(q))
    }

    /// Whether the set is empty.
    #[inline]
    fn is_empty(self) -> bool {
        self == Self::ZERO
    }

    /// Whether `sq` is in the set.
    fn has(self, sq: Sq) -> bool;

    /// The squares in increasing order.
    #[inline]
    fn iter(self) -> BitIter<Self> {
        BitIter(self)
    }
}

/// "No square": an origin unknown, a move without a second part.
pub const NO_SQ: Sq = Sq::MAX;

macro_rules! impl_bits {
    ($t:ty, $n:expr) => {
        impl Bits for $t {
            const ZERO: Self = 0;
            const CAPACITY: usize = $n;
            const WORDS: usize = $n / 64;
            type Cells = [u8; $n];
            type Orig = u8;
            type Origins = [u8; $n];

            #[inline]
            fn empty_cells() -> Self::Cells {
                [0; $n]
            }
            #[inline]
            fn no_origins() -> Self::Origins {
                [u8::MAX; $n]
            }
            #[inline]
            fn orig(sq: Sq) -> u8 {
                // Squares are below 128; NO_SQ becomes u8::MAX.
                sq.min(Sq::from(u8::MAX)) as u8
            }
            #[inline]
            fn sq_of(o: u8) -> Sq {
                if o == u8::MAX {
                    NO_SQ
                } else {
                    Sq::from(o)
                }
            }
            #[inline]
            fn bit(sq: Sq) -> Self {
                1 << sq
            }
            #[inline]
            fn has(self, sq: Sq) -> bool {
                self & (1 << sq) != 0
            }
            #[inline]
            fn count(self) -> u32 {
                self.count_ones()
            }
            #[inline]
            fn lsb(self) -> Sq {
                self.trailing_zeros() as Sq
            }
            #[inline]
            fn msb(self) -> Sq {
                ($n - 1 - self.leading_zeros()) as Sq
            }
            #[inline]
            fn clear_lsb(self) -> Self {
                self & self.wrapping_sub(1)
            }
            #[inline]
            fn word(self, i: usize) -> u64 {
                if i < Self::WORDS {
                    (self >> (64 * i)) as u64
                } else {
                    0
                }
            }
            #[inline]
            fn nth(self, i: u32) -> Sq {
                let low = self as u64;
                let n = low.count_ones();
                if i < n || $n == 64 {
                    Sq::from(select64(low, i))
                } else {
                    // The upper half of a u128.
                    64 + Sq::from(select64(self.checked_shr(64).unwrap_or(0) as u64, i - n))
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

/// A set of up to `64 * N` squares: `N` words, square `i` in word `i / 64`.
#[derive(Clone, Copy, Eq, Debug)]
pub struct Wide<const N: usize>(pub [u64; N]);

impl<const N: usize> Hash for Wide<N> {
    fn hash<H: std::hash::Hasher>(&self, h: &mut H) {
        self.0.hash(h);
    }
}

impl<const N: usize> PartialEq for Wide<N> {
    /// Compared word by word without a branch (the derived comparison
    /// calls `memcmp`).
    #[inline]
    fn eq(&self, o: &Self) -> bool {
        self.0.iter().zip(o.0).fold(0, |acc, (a, b)| acc | (a ^ b)) == 0
    }
}

impl<const N: usize> Default for Wide<N> {
    fn default() -> Self {
        Wide([0; N])
    }
}

macro_rules! wide_op {
    ($tr:ident, $f:ident, $tra:ident, $fa:ident, $op:tt, $opa:tt) => {
        impl<const N: usize> $tr for Wide<N> {
            type Output = Self;
            #[inline]
            fn $f(mut self, o: Self) -> Self {
                for (a, b) in self.0.iter_mut().zip(o.0) {
                    *a $opa b;
                }
                self
            }
        }
        impl<const N: usize> $tra for Wide<N> {
            #[inline]
            fn $fa(&mut self, o: Self) {
                for (a, b) in self.0.iter_mut().zip(o.0) {
                    *a $opa b;
                }
            }
        }
    };
}
wide_op!(BitAnd, bitand, BitAndAssign, bitand_assign, &, &=);
wide_op!(BitOr, bitor, BitOrAssign, bitor_assign, |, |=);
wide_op!(BitXor, bitxor, BitXorAssign, bitxor_assign, ^, ^=);

impl<const N: usize> Not for Wide<N> {
    type Output = Self;
    #[inline]
    fn not(mut self) -> Self {
        for a in &mut self.0 {
            *a = !*a;
        }
        self
    }
}

impl<const N: usize> Wide<N> {
    #[cfg(test)]
    fn count_words(self) -> u32 {
        self.0.iter().map(|w| w.count_ones()).sum()
    }

    #[inline]
    fn bit_n(sq: Sq) -> Self {
        let mut w = [0; N];
        w[usize::from(sq >> 6)] = 1 << (sq & 63);
        Wide(w)
    }

    #[inline]
    fn lsb_n(self) -> Sq {
        let mut base = 0;
        for w in self.0 {
            if w != 0 {
                return base + w.trailing_zeros() as Sq;
            }
            base += 64;
        }
        base
    }

    #[inline]
    fn msb_n(self) -> Sq {
        for (i, w) in self.0.iter().enumerate().rev() {
            if *w != 0 {
                return (64 * i) as Sq + 63 - w.leading_zeros() as Sq;
            }
        }
        0
    }

    #[inline]
    fn clear_lsb_n(mut self) -> Self {
        for w in &mut self.0 {
            if *w != 0 {
                *w &= *w - 1;
                break;
            }
        }
        self
    }

    #[inline]
    fn nth_n(self, mut i: u32) -> Sq {
        for (k, w) in self.0.iter().enumerate() {
            let c = w.count_ones();
            if i < c {
                return (64 * k) as Sq + Sq::from(select64(*w, i));
            }
            i -= c;
        }
        0
    }

    // Always inlined: a flood of groups on 19x19 shifts sets in its inner
    // loop, and a call there cost Go's random games 30% (measured).
    #[allow(clippy::inline_always)]
    #[inline(always)]
    fn shifted_n(self, by: i32) -> Self {
        let n = by.unsigned_abs() as usize;
        if n > 0 && n < 64 {
            // Within a word's width (a step on any board of lud's): each
            // word takes the bits carried over from its neighbour.
            // (Each word shifted by one count, then the carries moved over
            // a word: whole arrays at a time, which the compiler can do two
            // words at once.)
            let b = n as u32;
            let w = self.0;
            if by > 0 {
                let main: [u64; N] = std::array::from_fn(|i| w[i] << b);
                let carry: [u64; N] = std::array::from_fn(|i| w[i] >> (64 - b));
                return Wide(std::array::from_fn(|i| {
                    main[i] | if i > 0 { carry[i - 1] } else { 0 }
                }));
            }
            let main: [u64; N] = std::array::from_fn(|i| w[i] >> b);
            let carry: [u64; N] = std::array::from_fn(|i| w[i] << (64 - b));
            return Wide(std::array::from_fn(|i| {
                main[i] | if i + 1 < N { carry[i + 1] } else { 0 }
            }));
        }
        let (words, bits) = (n / 64, (n % 64) as u32);
        let mut out = [0u64; N];
        if words >= N {
            return Wide(out);
        }
        if by >= 0 {
            for i in (words..N).rev() {
                let src = i - words;
                let mut v = self.0[src] << bits;
                if bits > 0 && src > 0 {
                    v |= self.0[src - 1] >> (64 - bits);
                }
                out[i] = v;
            }
        } else {
            for (i, o) in out.iter_mut().enumerate().take(N - words) {
                let src = i + words;
                let mut v = self.0[src] >> bits;
                if bits > 0 && src + 1 < N {
                    v |= self.0[src + 1] << (64 - bits);
                }
                *o = v;
            }
        }
        Wide(out)
    }
}

macro_rules! impl_wide {
    ($w:expr) => {
        impl Bits for Wide<$w> {
            const ZERO: Self = Wide([0; $w]);
            const CAPACITY: usize = 64 * $w;
            const WORDS: usize = $w;
            type Cells = [u8; 64 * $w];
            type Orig = Sq;
            type Origins = [Sq; 64 * $w];

            #[inline]
            fn empty_cells() -> Self::Cells {
                [0; 64 * $w]
            }
            #[inline]
            fn no_origins() -> Self::Origins {
                [NO_SQ; 64 * $w]
            }
            #[inline]
            fn orig(sq: Sq) -> Sq {
                sq
            }
            #[inline]
            fn sq_of(o: Sq) -> Sq {
                o
            }
            #[inline]
            fn bit(sq: Sq) -> Self {
                Self::bit_n(sq)
            }
            #[inline]
            fn has(self, sq: Sq) -> bool {
                (self.0[usize::from(sq >> 6)] >> (sq & 63)) & 1 != 0
            }
            #[inline]
            fn is_empty(self) -> bool {
                self.0.iter().fold(0, |acc, w| acc | w) == 0
            }
            #[inline]
            fn count(self) -> u32 {
                self.0.iter().map(|w| w.count_ones()).sum()
            }
            #[inline]
            fn lsb(self) -> Sq {
                self.lsb_n()
            }
            #[inline]
            fn msb(self) -> Sq {
                self.msb_n()
            }
            #[inline]
            fn clear_lsb(self) -> Self {
                self.clear_lsb_n()
            }
            #[inline]
            fn word(self, i: usize) -> u64 {
                self.0.get(i).copied().unwrap_or(0)
            }
            #[inline]
            fn nth(self, i: u32) -> Sq {
                self.nth_n(i)
            }
            #[allow(clippy::inline_always)]
            #[inline(always)]
            fn shifted(self, by: i32) -> Self {
                self.shifted_n(by)
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
impl_wide!(4);
impl_wide!(6);
impl_wide!(10);

/// Iterator over the squares of a set, lowest first.
#[derive(Clone, Debug)]
pub struct BitIter<B>(B);

impl<B: Bits> Iterator for BitIter<B> {
    type Item = Sq;

    #[inline]
    fn next(&mut self) -> Option<Sq> {
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

/// Calls `f` on each square of `set`, lowest first, a word of 64 squares
/// at a time, until `f` returns false; whether it never did. Quicker than
/// [`Bits::iter`] over a set of more than two words, which searches the
/// set from its first word for each square.
#[inline]
pub fn each_square<B: Bits>(set: B, mut f: impl FnMut(Sq) -> bool) -> bool {
    for i in 0..B::WORDS {
        let mut w = set.word(i);
        while w != 0 {
            if !f((64 * i) as Sq + w.trailing_zeros() as Sq) {
                return false;
            }
            w &= w - 1;
        }
    }
    true
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A set's words hold its squares, 64 to a word, and nothing else.
    fn words_hold_the_squares<B: Bits>() {
        let mut rng = fastrand::Rng::with_seed(B::CAPACITY as u64);
        for _ in 0..200 {
            let mut set = B::ZERO;
            for _ in 0..rng.usize(..20) {
                set |= B::bit(rng.u16(..B::CAPACITY as u16));
            }
            let mut from_words = Vec::new();
            for i in 0..=B::WORDS {
                let w = set.word(i);
                from_words.extend(
                    (0..64)
                        .filter(|b| w >> b & 1 != 0)
                        .map(|b| (64 * i + b) as Sq),
                );
            }
            assert_eq!(from_words, set.iter().collect::<Vec<_>>());
            let mut each = Vec::new();
            each_square(set, |q| {
                each.push(q);
                true
            });
            assert_eq!(from_words, each);
            // The squares left, told at every step.
            let mut it = set.iter();
            for left in (0..=from_words.len()).rev() {
                assert_eq!(it.len(), left);
                it.next();
            }
        }
    }

    #[test]
    fn every_width_gives_its_squares_word_by_word() {
        words_hold_the_squares::<u64>();
        words_hold_the_squares::<u128>();
        words_hold_the_squares::<Wide<4>>();
        words_hold_the_squares::<Wide<6>>();
        words_hold_the_squares::<Wide<10>>();
    }

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

    fn wide2(x: u128) -> Wide<2> {
        Wide([x as u64, (x >> 64) as u64])
    }

    #[test]
    fn a_set_of_words_behaves_as_one_wide_word() {
        // Wide<2> against u128, which holds the same squares.
        let mut x = 0x2545_f491_4f6c_dd1du64;
        let mut next = || {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            x
        };
        for round in 0..400 {
            let a = u128::from(next()) << 64 | u128::from(next());
            // Sparse sets too, and the edges.
            let v = match round % 4 {
                0 => a,
                1 => a & (a >> 7) & (a >> 13),
                2 => 1 << (a % 128),
                _ => a | 1 | 1 << 127,
            };
            let w = wide2(v);
            assert_eq!(w.count_words(), v.count_ones());
            if v != 0 {
                assert_eq!(w.lsb_n(), <u128 as Bits>::lsb(v));
                assert_eq!(w.msb_n(), <u128 as Bits>::msb(v));
                assert_eq!(w.clear_lsb_n(), wide2(v & (v - 1)));
                for i in [0, v.count_ones() / 2, v.count_ones() - 1] {
                    assert_eq!(w.nth_n(i), <u128 as Bits>::nth(v, i));
                }
            }
            for by in [
                -129, -128, -127, -65, -64, -63, -9, -1, 0, 1, 9, 63, 64, 65, 127, 128, 129,
            ] {
                assert_eq!(w.shifted_n(by), wide2(v.shifted(by)), "{v:x} by {by}");
            }
            let b = u128::from(next()) << 64 | u128::from(next());
            assert_eq!(w & wide2(b), wide2(v & b));
            assert_eq!(w | wide2(b), wide2(v | b));
            assert_eq!(w ^ wide2(b), wide2(v ^ b));
            assert_eq!(!w, wide2(!v));
        }
    }

    /// Every shift of random sets of `Wide<N>` (dense, sparse, the edges)
    /// against the squares moved one at a time.
    fn shifts_move_each_square<const N: usize>()
    where
        Wide<N>: Bits,
    {
        let mut rng = fastrand::Rng::with_seed(N as u64);
        let cap = 64 * N as i32;
        for round in 0..12 {
            let words: [u64; N] = std::array::from_fn(|_| match round % 3 {
                0 => rng.u64(..),
                1 => rng.u64(..) & rng.u64(..) & rng.u64(..),
                _ => 1 | 1 << 63,
            });
            let w = Wide(words);
            let squares: Vec<i32> = (0..cap).filter(|&q| w.has(q as Sq)).collect();
            for by in -cap - 1..=cap + 1 {
                let moved: Vec<Sq> = squares
                    .iter()
                    .map(|q| q + by)
                    .filter(|q| (0..cap).contains(q))
                    .map(|q| q as Sq)
                    .collect();
                assert_eq!(w.shifted(by), Wide::<N>::of(&moved), "{words:x?} by {by}");
            }
        }
    }

    #[test]
    fn every_wide_set_shifts_as_its_squares_move() {
        shifts_move_each_square::<4>();
        shifts_move_each_square::<6>();
        shifts_move_each_square::<10>();
    }

    #[test]
    fn the_widest_sets_hold_every_square() {
        type W = Wide<10>;
        let all: Vec<Sq> = (0..640).step_by(3).collect();
        let s = W::of(&all);
        assert_eq!(s.count() as usize, all.len());
        assert_eq!(s.iter().collect::<Vec<_>>(), all);
        assert!(s.has(639) && !s.has(638) && s.has(0));
        assert_eq!(s.msb(), 639);
        assert_eq!(s.nth(200), all[200]);
        assert_eq!(W::bit(639).shifted(-639), W::bit(0));
        assert_eq!(W::bit(5).shifted(600), W::bit(605));
        assert!(W::bit(5).shifted(635).is_empty());
        roundtrip::<Wide<4>>();
        roundtrip::<Wide<6>>();
        roundtrip::<W>();
        let o = <W as Bits>::orig(600);
        assert_eq!(<W as Bits>::sq_of(o), 600);
        assert_eq!(<u64 as Bits>::sq_of(<u64 as Bits>::orig(NO_SQ)), NO_SQ);
        assert_eq!(<u128 as Bits>::sq_of(<u128 as Bits>::orig(127)), 127);
    }
}
