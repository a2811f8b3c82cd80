//! The transposition table: what the search learnt of a position, by its
//! key, shared by the threads of one search without locks. Each slot is two
//! atomic words, the key mixed with the data and the data, so a slot torn
//! by two threads writing at once reads as empty, never as another
//! position's.

use std::sync::atomic::{AtomicU64, Ordering};

use crate::moves::Move;

/// What a stored score says of the position's true value.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Bound {
    /// The value itself.
    Exact,
    /// The value is at least this (the search failed high).
    Lower,
    /// The value is at most this (no move reached alpha).
    Upper,
}

/// One position's entry.
#[derive(Clone, Copy, Debug)]
pub(super) struct Entry {
    /// The best move's fingerprint ([`fingerprint`]), 0 for none.
    pub(super) fp: u32,
    /// The score, mate scores counted from this position.
    pub(super) score: i32,
    /// The depth searched.
    pub(super) depth: u8,
    /// What the score says.
    pub(super) bound: Bound,
}

/// The table.
pub(super) struct Table {
    slots: Vec<[AtomicU64; 2]>,
    mask: usize,
}

const FP_BITS: u32 = 24;
const SCORE_BITS: u32 = 23;
const SCORE_OFFSET: i64 = 1 << (SCORE_BITS - 1);

impl Table {
    /// A table of about `entries` slots (a power of two, at least 1024).
    pub(super) fn new(entries: usize) -> Self {
        let n = entries.clamp(1 << 10, 1 << 26).next_power_of_two();
        Table {
            slots: (0..n)
                .map(|_| [AtomicU64::new(0), AtomicU64::new(0)])
                .collect(),
            mask: n - 1,
        }
    }

    /// The entry of the position with this key, if the table holds one.
    pub(super) fn probe(&self, key: u64) -> Option<Entry> {
        let slot = &self.slots[key as usize & self.mask];
        let data = slot[1].load(Ordering::Relaxed);
        if data == 0 || slot[0].load(Ordering::Relaxed) ^ data != key {
            return None;
        }
        let bound = match (data >> (FP_BITS + SCORE_BITS + 8)) & 3 {
            0 => Bound::Exact,
            1 => Bound::Lower,
            _ => Bound::Upper,
        };
        Some(Entry {
            fp: (data & ((1 << FP_BITS) - 1)) as u32,
            score: (((data >> FP_BITS) & ((1 << SCORE_BITS) - 1)) as i64 - SCORE_OFFSET) as i32,
            depth: (data >> (FP_BITS + SCORE_BITS)) as u8,
            bound,
        })
    }

    /// Keeps what was learnt of the position with this key. A deeper entry
    /// of the same position is kept unless this one is exact.
    pub(super) fn store(&self, key: u64, e: Entry) {
        let slot = &self.slots[key as usize & self.mask];
        if let Some(old) = self.probe(key) {
            if old.depth > e.depth.saturating_add(2) && e.bound != Bound::Exact {
                return;
            }
        }
        let fp = if e.fp == 0 {
            self.probe(key).map_or(0, |o| o.fp)
        } else {
            e.fp
        };
        let score = (i64::from(e.score) + SCORE_OFFSET).clamp(0, (1 << SCORE_BITS) - 1) as u64;
        let bound = match e.bound {
            Bound::Exact => 0u64,
            Bound::Lower => 1,
            Bound::Upper => 2,
        };
        let data = u64::from(fp & ((1 << FP_BITS) - 1))
            | score << FP_BITS
            | u64::from(e.depth) << (FP_BITS + SCORE_BITS)
            | bound << (FP_BITS + SCORE_BITS + 8)
            // Never 0: 0 is an empty slot.
            | 1 << 63;
        slot[0].store(key ^ data, Ordering::Relaxed);
        slot[1].store(data, Ordering::Relaxed);
    }
}

/// A move's fingerprint: 24 bits, never 0, the same for the same move.
pub(super) fn fingerprint(m: Move) -> u32 {
    let mut x = u64::from(m.from)
        | u64::from(m.to) << 16
        | u64::from(m.promo) << 32
        | u64::from(m.rule) << 40
        | u64::from(m.extra_rule) << 48;
    x ^= u64::from(m.extra).rotate_left(56) ^ u64::from(u32::from_le_bytes(m.path)) << 20;
    x = (x ^ (x >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    x = (x ^ (x >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    x ^= x >> 31;
    ((x as u32) & ((1 << FP_BITS) - 1)).max(1)
}
