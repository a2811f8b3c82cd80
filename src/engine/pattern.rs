//! Squares selected around a move ([`Pattern`]): the lines a move brackets,
//! the pieces it sandwiches or surrounds. Effects act on them (`flip`,
//! `capture`) and `(exists ...)` asks whether there are any.

use super::Engine;
use crate::bits::Bits;
use crate::compile::board::Dir;
use crate::compile::board::Sq;
use crate::compile::model::{Pattern, PlayerSites, RelDir, Shape};
use crate::state::{code_piece, code_player, State, EMPTY, NO_SQ};

/// The directions of `dirs`, for a player whose forward is `forward`, as a
/// mask (bit `d` for `Dir(d)`).
pub(crate) fn dir_mask(dirs: &[RelDir], forward: Dir) -> u8 {
    dirs.iter().fold(0, |m, d| m | 1 << d.resolve(forward).0)
}

/// The squares of `sites` for `player`, or none.
fn resolved<B: Bits>(sites: Option<&PlayerSites>, player: u8) -> Option<B> {
    sites.map(|s| {
        s.get(player as usize).map_or(B::ZERO, |v| {
            v.iter().fold(B::ZERO, |acc, &q| acc | B::bit(q))
        })
    })
}

impl<B: Bits> Engine<B> {
    /// Whether the piece on `q` belongs to a line drawn on the board whose
    /// every point holds a piece of its owner.
    pub(crate) fn in_full_line(&self, st: &State<B>, q: Sq) -> bool {
        let c = st.at(q);
        if c == crate::state::EMPTY {
            return false;
        }
        let own = st.by_player[crate::state::code_player(c) as usize];
        self.lines_at[q as usize]
            .iter()
            .any(|m| (*m & !own).is_empty())
    }

    /// The squares next to any of `set`'s along the directions of `mask`
    /// (bit `d` for `Dir(d)`): a shift of the whole set per direction where
    /// the board's numbering allows it ([`Engine::dir_shifts`]).
    #[inline]
    pub(crate) fn spread(&self, set: B, mask: u8) -> B {
        let mut out = B::ZERO;
        let mut m = mask;
        while m != 0 {
            let d = m.trailing_zeros() as usize;
            m &= m - 1;
            out |= match &self.dir_shifts[d] {
                Some(s) => s.ahead(set),
                None => set.iter().fold(B::ZERO, |acc, q| {
                    acc | self.board().step(q, Dir(d as u8)).map_or(B::ZERO, B::bit)
                }),
            };
        }
        out
    }

    /// The group of `mine`'s squares joined to `seed`'s along the directions
    /// of `mask`, however far.
    pub(crate) fn group(&self, seed: B, mine: B, mask: u8) -> B {
        let mut group = seed & mine;
        let mut ring = group;
        while !ring.is_empty() {
            ring = self.spread(ring, mask) & mine & !group;
            group |= ring;
        }
        group
    }

    /// The group of `mine`'s squares joined to `seed`, grown a ring at a
    /// time until `n` squares of `open` are next to it, with those squares:
    /// the whole group where it has fewer, else the part found by then
    /// (every square of `open` next to that part is among those returned).
    pub(crate) fn group_until(&self, seed: B, mine: B, open: B, n: u32, mask: u8) -> (B, B) {
        let mut group = seed & mine;
        let mut ring = group;
        let mut next = B::ZERO;
        while !ring.is_empty() {
            let around = self.spread(ring, mask);
            next |= around & open;
            if next.count() >= n {
                break;
            }
            ring = around & mine & !group;
            group |= ring;
        }
        (group, next)
    }

    /// The group of `mine`'s squares joined to `seed`, if no square of `open`
    /// is next to it (`None` at the first such square found, without the
    /// rest of the group).
    fn closed_group(&self, seed: B, mine: B, open: B, mask: u8) -> Option<B> {
        let (group, next) = self.group_until(seed, mine, open, 1, mask);
        next.is_empty().then_some(group)
    }

    /// The liberties of the group on `q`: the empty squares next to it.
    pub(crate) fn liberties(&self, st: &State<B>, q: Sq, mask: u8) -> u32 {
        let c = st.at(q);
        if c == EMPTY {
            return 0;
        }
        let g = self.group(B::bit(q), st.by_player[code_player(c) as usize], mask);
        (self.spread(g, mask) & self.all & !st.occupied()).count()
    }

    /// Whether `q` has an empty neighbour along the directions of `mask`
    /// (read from the mailbox: most groups have a liberty next to any stone).
    #[inline]
    fn empty_next_to(&self, st: &State<B>, q: Sq, mask: u8) -> bool {
        let next = self.board().neighbours(q);
        let mut m = mask;
        while m != 0 {
            let d = m.trailing_zeros() as usize;
            m &= m - 1;
            if next[d].is_some_and(|n| st.at(n) == EMPTY) {
                return true;
            }
        }
        false
    }

    /// Whether the group on `q` has a liberty (stopping at the first found).
    pub(crate) fn has_liberty(&self, st: &State<B>, q: Sq, mask: u8) -> bool {
        let c = st.at(q);
        c != EMPTY
            && (self.empty_next_to(st, q, mask)
                || self
                    .closed_group(
                        B::bit(q),
                        st.by_player[code_player(c) as usize],
                        self.all & !st.occupied(),
                        mask,
                    )
                    .is_none())
    }

    /// `player`'s area: its pieces, and the regions of empty squares
    /// (joined along `mask`) next to its pieces and no other's.
    pub(crate) fn area(&self, st: &State<B>, player: u8, mask: u8) -> u32 {
        let occ = st.occupied();
        let mine = st.by_player[player as usize];
        let others = occ & !mine;
        let empty = self.all & !occ;
        let mut total = mine.count();
        let mut left = empty;
        while !left.is_empty() {
            let region = self.group(B::bit(left.lsb()), empty, mask);
            left &= !region;
            let border = self.spread(region, mask);
            if (border & others).is_empty() && !(border & mine).is_empty() {
                total += region.count();
            }
        }
        total
    }

    /// The squares next to any of `set`'s ([`Engine::near`]).
    fn around(&self, set: B) -> B {
        set.iter().fold(B::ZERO, |n, q| n | self.near[q as usize])
    }

    /// Whether a chain of `mine`'s squares, each next to the one before
    /// (in any direction the board joins), leads from a square of `from`
    /// to a square of `to`: the group grown from `mine & from` a ring of
    /// neighbours at a time, until it meets `to` or stops growing.
    pub(crate) fn connected(&self, mine: B, from: B, to: B) -> bool {
        let goal = mine & to;
        let mut group = mine & from;
        if group.is_empty() || goal.is_empty() {
            return false;
        }
        let mut ring = group;
        loop {
            if !(group & goal).is_empty() {
                return true;
            }
            ring = self.around(ring) & mine & !group;
            if ring.is_empty() {
                return false;
            }
            group |= ring;
        }
    }

    /// The fewest of the `open` squares that, added to `mine`, would make a
    /// chain from `from` to `to` ([`Engine::connected`]); `None` if none
    /// would. Grown a square of cost at a time, each time closed through
    /// `mine` (which costs nothing).
    pub(crate) fn connect_distance(&self, mine: B, open: B, from: B, to: B) -> Option<u32> {
        // `group` with every square of `mine` joined to `ring`'s.
        let close = |mut group: B, mut ring: B| loop {
            ring = self.around(ring) & mine & !group;
            if ring.is_empty() {
                return group;
            }
            group |= ring;
        };
        let start = from & mine;
        let mut reached = close(start, start);
        let mut ring = reached;
        let mut cost = 0;
        loop {
            if !(reached & to).is_empty() {
                return Some(cost);
            }
            let add = (self.around(ring) | from) & open & !reached;
            if add.is_empty() {
                return None;
            }
            let before = reached;
            reached = close(reached | add, add);
            ring = reached & !before;
            cost += 1;
        }
    }

    /// Whether `mine` holds `n` squares in a row (exactly `n`, with
    /// `exact`) along a row, a column or a diagonal.
    pub(crate) fn in_a_row(&self, mine: B, n: u32, exact: bool) -> bool {
        if n == 0 {
            return !exact && !mine.is_empty();
        }
        let Some(shifts) = &self.row_shifts else {
            return self.in_a_row_walk(mine, n, exact);
        };
        shifts.iter().any(|s| {
            // `run`: the squares starting a run of at least `len` along it.
            let mut run = mine;
            for _ in 1..n {
                run &= s.back(run);
                if run.is_empty() {
                    return false;
                }
            }
            if exact {
                // Runs of exactly `n`: neither longer, nor inside a longer one.
                run &= !s.back(run) & !s.ahead(mine);
            }
            !run.is_empty()
        })
    }

    /// [`Engine::in_a_row`] by walking each run from its first square.
    fn in_a_row_walk(&self, mine: B, n: u32, exact: bool) -> bool {
        let b = self.board();
        (0..4u8).any(|d| {
            let (fwd, back) = (Dir(d), Dir(d + 4));
            mine.iter().any(|q| {
                // Count from the first piece of each run.
                if b.step(q, back).is_some_and(|r| mine.has(r)) {
                    return false;
                }
                let mut len = 1;
                let mut cur = q;
                while let Some(next) = b.step(cur, fwd).filter(|&r| mine.has(r)) {
                    len += 1;
                    cur = next;
                }
                if exact {
                    len == n
                } else {
                    len >= n
                }
            })
        })
    }

    /// The squares pattern `p` selects for a move of `side` landing on `to`.
    pub(crate) fn pattern_squares(&self, st: &State<B>, p: &Pattern, side: u8, to: Sq) -> B {
        if to == NO_SQ {
            return B::ZERO;
        }
        let board = self.board();
        let forward = self.model.players[side as usize].forward;
        let hostile = resolved::<B>(p.hostile.as_ref(), side).unwrap_or(B::ZERO) & !st.occupied();
        let own = st.by_player[side as usize];
        let holds = own | hostile;
        // An enemy piece the pattern may select.
        let enemy = |q: Sq| {
            let c = st.at(q);
            c != EMPTY
                && code_player(c) != side
                && (p.kinds == 0 || p.kinds & (1 << code_piece(c)) != 0)
        };
        let mut out = B::ZERO;
        if p.shape == Shape::Enclosed {
            let mask = dir_mask(&p.dirs, forward);
            let open = self.all & !st.occupied();
            let kinds = st.all_of_kinds(p.kinds);
            // The enemy pieces next to `to`: a group with a liberty next to
            // the piece itself is seen from the mailbox, others are flooded.
            let next = *board.neighbours(to);
            let mut m = mask;
            while m != 0 {
                let d = m.trailing_zeros() as usize;
                m &= m - 1;
                let Some(q) = next[d] else {
                    continue;
                };
                let c = st.at(q);
                if c == EMPTY
                    || code_player(c) == side
                    || (p.kinds != 0 && p.kinds & (1 << code_piece(c)) == 0)
                    || out.has(q)
                    || self.empty_next_to(st, q, mask)
                {
                    continue;
                }
                let mut mine = st.by_player[code_player(c) as usize];
                if p.kinds != 0 {
                    mine &= kinds;
                }
                if let Some(g) = self.closed_group(B::bit(q), mine, open, mask) {
                    out |= g;
                }
            }
        }
        for rd in &p.dirs {
            let d = rd.resolve(forward);
            match p.shape {
                Shape::Enclosed => {}
                Shape::Bracketed => {
                    let (lo, hi) = p.line;
                    let mut line = B::ZERO;
                    let mut n = 0u32;
                    let mut cur = board.step(to, d);
                    while let Some(q) = cur.filter(|&q| enemy(q)) {
                        n += 1;
                        if n > hi {
                            break;
                        }
                        line |= B::bit(q);
                        cur = board.step(q, d);
                    }
                    if (lo..=hi).contains(&n) && cur.is_some_and(|q| holds.has(q)) {
                        out |= line;
                    }
                }
                Shape::Sandwiched => {
                    if let Some(a) = board.step(to, d).filter(|&a| enemy(a)) {
                        if board.step(a, d).is_some_and(|b| holds.has(b)) {
                            out |= B::bit(a);
                        }
                    }
                }
                Shape::Around => {
                    if let Some(a) = board.step(to, d).filter(|&a| enemy(a)) {
                        out |= B::bit(a);
                    }
                }
                Shape::Surrounded => {
                    if let Some(a) = board.step(to, d).filter(|&a| enemy(a)) {
                        let all = p.dirs.iter().all(|rd2| {
                            let d2: Dir = rd2.resolve(forward);
                            board.step(a, d2).is_some_and(|n| holds.has(n) || n == to)
                        });
                        if all {
                            out |= B::bit(a);
                        }
                    }
                }
            }
        }
        match resolved::<B>(p.at.as_ref(), side) {
            Some(at) => out & at,
            None => out,
        }
    }
}
