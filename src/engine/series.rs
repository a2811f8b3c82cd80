//! Series of jumps (`(jump ... again:True)`): every route a piece can take
//! jumping over enemy pieces, as one move each.
//!
//! A series whose directions fit in a move ([`crate::moves::Path`]) carries
//! them; a longer one, or one from afar (where a direction does not say how
//! far the piece went), carries its number among the series from its square
//! in the order the search finds them. Making such a move needs the route
//! again: the routes of the last few squares searched are kept per thread
//! ([`Memo`]), so that making every move of a position (a restriction such
//! as `(maximum ...)`, a check for legality, perft) searches each square
//! once rather than once per move.

use super::{Engine, Gen, GenKind, JumpOpts};
use crate::bits::Bits;
use crate::compile::board::{Dir, Sq};
use crate::compile::model::Jumped;
use crate::moves::{Move, Path};
use crate::state::State;
use smallvec::SmallVec;
use std::cell::RefCell;

/// The jumps of a series: the square jumped, the square landed on, the
/// direction.
type Hops = [(Sq, Sq, u8)];

/// The most series of jumps found from one square (ends of routes, the same
/// ends by other routes counted too): a bound on the search where far jumps
/// over many pieces would branch without end.
pub(crate) const MAX_SERIES: u32 = 4096;

/// How many ends of series are compared one by one before they are hashed.
const SCANNED: usize = 32;

/// What a search for series of jumps keeps fixed: the rule's directions and
/// options, the squares occupied (the moving piece's own left empty), the
/// enemy pieces, and where the piece stops to promote.
struct Series<'a, B: Bits> {
    dirs: &'a [u8],
    opts: JumpOpts,
    occ: B,
    enemy: B,
    zone: B,
}

/// The routes of every numbered series from one square of one position:
/// whose engine, rule, square and side, the position's key, and the jumps
/// of each series (`starts[i]..starts[i + 1]` of `hops`).
struct Memo {
    engine: u64,
    rule: u8,
    from: Sq,
    side: u8,
    hash: u64,
    starts: Vec<u32>,
    hops: Vec<(Sq, Sq)>,
}

/// How many squares' routes a thread keeps: one per level of a search a few
/// plies deep.
const MEMO_SQUARES: usize = 8;

thread_local! {
    /// The routes kept, the most recently used last.
    static MEMOS: RefCell<Vec<Memo>> = const { RefCell::new(Vec::new()) };
}

/// The squares a series that takes nothing reaches, in the order found:
/// the jump that reached each, and the index of the square it was made
/// from (`usize::MAX` for the square the series began on).
type Reached = SmallVec<[((Sq, Sq, u8), usize); 32]>;

impl<B: Bits> Engine<B> {
    /// What a search for the series of rule `g` from `from` for `side`
    /// keeps fixed; `None` for a rule that is not a jump.
    #[allow(clippy::inline_always)]
    #[inline(always)]
    fn series_of<'a>(
        &self,
        st: &State<B>,
        g: &'a Gen<B>,
        from: Sq,
        side: u8,
    ) -> Option<Series<'a, B>> {
        let GenKind::CaptureJump(dirs, opts) = &g.kind else {
            return None;
        };
        let zone = if opts.stop_to_promote {
            self.promos
                .get(g.piece as usize)
                .and_then(Option::as_ref)
                .map_or(B::ZERO, |p| p.zone[side as usize])
        } else {
            B::ZERO
        };
        let occ = st.occupied() & !B::bit(from);
        let enemy = match opts.over {
            Jumped::Enemy => st.by_player[self.next_player(side) as usize],
            Jumped::Friend => st.by_player[side as usize] & occ,
            Jumped::Any => occ,
        };
        Some(Series {
            dirs,
            opts: *opts,
            occ,
            enemy,
            zone,
        })
    }

    /// Calls `f` with every series of jumps a `jump` rule `g` makes from
    /// `from` for `side`: where it ends and the path. Stops when `f` says so;
    /// returns false then.
    pub(crate) fn jump_series(
        &self,
        st: &State<B>,
        g: &Gen<B>,
        from: Sq,
        side: u8,
        f: &mut dyn FnMut(Sq, Path) -> bool,
    ) -> bool {
        let Some(s) = self.series_of(st, g, from, side) else {
            return true;
        };
        let far = s.opts.far;
        if !far && !s.opts.by_pieces && s.opts.takes {
            let mut count = 0u32;
            return self.near_from(&s, from, B::ZERO, (Path::default(), 0), &mut count, f);
        }
        let mut index = 0;
        self.each_series(&s, from, &mut |to, hops| {
            let path = if far || hops.len() > Path::MAX as usize {
                Path::indexed(index)
            } else {
                let mut p = Path::default();
                for &(_, _, d) in hops {
                    p = p.push(d).unwrap_or(p);
                }
                p
            };
            index += 1;
            f(to, path)
        })
    }

    /// One step of [`Engine::jump_series`] for a rule of adjacent jumps,
    /// each route a move: the jumps from `cur`, having jumped the pieces on
    /// `jumped`, `path.1` of them along `path.0` (its directions, while they
    /// fit); `count` series found. The series come in the order
    /// [`Engine::each_series`] finds them, so that a series too long for its
    /// directions to be packed is found again by its number.
    fn near_from(
        &self,
        s: &Series<'_, B>,
        cur: Sq,
        jumped: B,
        path: (Path, u32),
        count: &mut u32,
        f: &mut dyn FnMut(Sq, Path) -> bool,
    ) -> bool {
        let b = self.board();
        for &d in s.dirs {
            let Some(over) = b.step(cur, Dir(d)) else {
                continue;
            };
            if !s.enemy.has(over) || jumped.has(over) {
                continue;
            }
            let Some(land) = b.step(over, Dir(d)).filter(|&l| !s.occ.has(l)) else {
                continue;
            };
            let next = (path.0.push(d).unwrap_or(path.0), path.1 + 1);
            let now = jumped | B::bit(over);
            let before = *count;
            if s.opts.again && !s.zone.has(land) && !self.near_from(s, land, now, next, count, f) {
                return false;
            }
            if *count == before {
                // No jump from `land`: the series ends there.
                if *count >= MAX_SERIES {
                    return false;
                }
                let p = if next.1 > Path::MAX {
                    Path::indexed(*count)
                } else {
                    next.0
                };
                *count += 1;
                if !f(land, p) {
                    return false;
                }
            }
        }
        true
    }

    /// The jumps of the series of jumps `m` (a move of the player to move
    /// in `st`): the square jumped over and the square landed on, each.
    pub(crate) fn series_hops(&self, st: &State<B>, m: Move) -> SmallVec<[(Sq, Sq); 16]> {
        let path = m.jumps();
        let Some(want) = path.index() else {
            return path.hops(self.board(), m.from).collect();
        };
        let side = st.side;
        let key = |x: &Memo| {
            x.engine == self.id
                && x.rule == m.rule
                && x.from == m.from
                && x.side == side
                && x.hash == st.hash
        };
        let kept = MEMOS.with(|c| {
            let mut memos = c.borrow_mut();
            let i = memos.iter().position(key)?;
            let x = memos.remove(i);
            let hops = x.series(want);
            memos.push(x);
            hops
        });
        let occ = st.occupied() & !B::bit(m.from);
        if let Some(hops) = kept.filter(|h| route_holds(occ, m, h)) {
            return hops;
        }
        let Some(s) = self.gens[side as usize]
            .iter()
            .find(|g| g.rule == m.rule)
            .and_then(|g| self.series_of(st, g, m.from, side))
        else {
            return SmallVec::new();
        };
        // The buffers of the routes kept longest are used again.
        let (mut starts, mut hops) = MEMOS.with(|c| {
            let mut memos = c.borrow_mut();
            if memos.len() >= MEMO_SQUARES {
                let old = memos.remove(0);
                (old.starts, old.hops)
            } else {
                (Vec::new(), Vec::new())
            }
        });
        starts.clear();
        starts.push(0);
        hops.clear();
        let mut memo = Memo {
            engine: self.id,
            rule: m.rule,
            from: m.from,
            side,
            hash: st.hash,
            starts,
            hops,
        };
        self.each_series(&s, m.from, &mut |_, hops| {
            memo.hops.extend(hops.iter().map(|&(o, l, _)| (o, l)));
            memo.starts.push(memo.hops.len() as u32);
            true
        });
        let out = memo.series(want).unwrap_or_default();
        MEMOS.with(|c| {
            let mut memos = c.borrow_mut();
            if memos.len() >= MEMO_SQUARES {
                memos.remove(0);
            }
            memos.push(memo);
        });
        out
    }

    /// Every distinct series of jumps of the search `s` from `from`, in a
    /// fixed order: where it ends, and its jumps (the square jumped, the
    /// square landed on, the direction). Under `byPieces`, two series to
    /// the same square over the same pieces are one: the first found. Stops
    /// when `f` says so; returns false then.
    fn each_series(
        &self,
        s: &Series<'_, B>,
        from: Sq,
        f: &mut dyn FnMut(Sq, &Hops) -> bool,
    ) -> bool {
        if !s.opts.takes {
            return self.each_reached(s, from, f);
        }
        let by_pieces = s.opts.by_pieces;
        let mut budget = MAX_SERIES;
        // Where each series ended and what it took: scanned while short,
        // hashed once long (far jumps may find thousands).
        let mut seen: SmallVec<[(Sq, B); 16]> = SmallVec::new();
        let mut many: std::collections::HashSet<(Sq, B)> = std::collections::HashSet::new();
        let mut stack: SmallVec<[(Sq, Sq, u8); 16]> = SmallVec::new();
        self.jumps_from(s, from, B::ZERO, &mut stack, &mut |to, hops, jumped| {
            // However many series the rules allow, the search ends.
            if budget == 0 {
                return false;
            }
            budget -= 1;
            if by_pieces {
                let key = (to, jumped);
                if seen.len() < SCANNED {
                    if seen.contains(&key) {
                        return true;
                    }
                    seen.push(key);
                } else {
                    if many.is_empty() {
                        many.extend(seen.iter().copied());
                    }
                    if !many.insert(key) {
                        return true;
                    }
                }
            }
            f(to, hops)
        })
    }

    /// The piece a jump of the search `s` from `cur` in direction `d` would
    /// go over: the next square's (from afar, the first piece's along the
    /// ray), if it is one the rule may jump.
    #[allow(clippy::inline_always)]
    #[inline(always)]
    fn jumped(&self, s: &Series<'_, B>, cur: Sq, d: u8) -> Option<Sq> {
        let b = self.board();
        let mut over = b.step(cur, Dir(d))?;
        if s.opts.far {
            // Over empty squares to the first piece.
            while !s.occ.has(over) {
                over = b.step(over, Dir(d))?;
            }
        }
        s.enemy.has(over).then_some(over)
    }

    /// [`Engine::each_series`] for jumps that take nothing: every square a
    /// series reaches (never landing twice on a square, nor where it
    /// began), nearest first, each with its shortest series.
    fn each_reached(
        &self,
        s: &Series<'_, B>,
        from: Sq,
        f: &mut dyn FnMut(Sq, &Hops) -> bool,
    ) -> bool {
        let b = self.board();
        // Each square reached: the jump that reached it, and the index of
        // the square it was made from (`usize::MAX` for `from`).
        let mut reached: Reached = SmallVec::new();
        let mut seen = B::bit(from);
        let mut route: SmallVec<[(Sq, Sq, u8); 16]> = SmallVec::new();
        let mut next = 0;
        let mut cur = (from, usize::MAX);
        loop {
            let stop = cur.1 != usize::MAX && (!s.opts.again || s.zone.has(cur.0));
            for &d in s.dirs.iter().filter(|_| !stop) {
                let Some(over) = self.jumped(s, cur.0, d) else {
                    continue;
                };
                let mut landing = b.step(over, Dir(d));
                while let Some(land) = landing.filter(|&l| !s.occ.has(l)) {
                    if !seen.has(land) {
                        if reached.len() >= MAX_SERIES as usize {
                            return false;
                        }
                        seen |= B::bit(land);
                        reached.push(((over, land, d), cur.1));
                        route.clear();
                        let mut at = reached.len() - 1;
                        while at != usize::MAX {
                            route.push(reached[at].0);
                            at = reached[at].1;
                        }
                        route.reverse();
                        if !f(land, &route) {
                            return false;
                        }
                    }
                    if !s.opts.far {
                        break;
                    }
                    landing = b.step(land, Dir(d));
                }
            }
            let Some(&((_, land, _), _)) = reached.get(next) else {
                return true;
            };
            cur = (land, next);
            next += 1;
        }
    }

    /// One step of [`Engine::each_series`]: the jumps from `cur`, having
    /// jumped the pieces on `jumped` along `stack`.
    fn jumps_from(
        &self,
        s: &Series<'_, B>,
        cur: Sq,
        jumped: B,
        stack: &mut SmallVec<[(Sq, Sq, u8); 16]>,
        f: &mut dyn FnMut(Sq, &Hops, B) -> bool,
    ) -> bool {
        let b = self.board();
        for &d in s.dirs {
            let Some(over) = self.jumped(s, cur, d).filter(|&o| !jumped.has(o)) else {
                continue;
            };
            let mut landing = b.step(over, Dir(d));
            while let Some(land) = landing.filter(|&l| !s.occ.has(l)) {
                let now = jumped | B::bit(over);
                stack.push((over, land, d));
                let mut went_on = false;
                if s.opts.again && !s.zone.has(land) {
                    let mut stop = false;
                    let go = self.jumps_from(s, land, now, stack, &mut |to, hops, j| {
                        went_on = true;
                        let more = f(to, hops, j);
                        stop = !more;
                        more
                    });
                    if !go || stop {
                        return false;
                    }
                }
                if !went_on && !f(land, stack, now) {
                    return false;
                }
                stack.pop();
                if !s.opts.far {
                    break;
                }
                landing = b.step(land, Dir(d));
            }
        }
        true
    }
}

impl Memo {
    /// The jumps of series number `i`, if the search found that many.
    fn series(&self, i: u32) -> Option<SmallVec<[(Sq, Sq); 16]>> {
        let i = i as usize;
        let (&a, &b) = (self.starts.get(i)?, self.starts.get(i + 1)?);
        Some(self.hops[a as usize..b as usize].iter().copied().collect())
    }
}

/// Whether `hops` could be a route of `m` on the squares occupied `occ`
/// (the moving piece's own left empty): each jump over a piece onto an
/// empty square, ending on `m.to`. (A route kept for another position with
/// the same key is not used.)
fn route_holds<B: Bits>(occ: B, m: Move, hops: &[(Sq, Sq)]) -> bool {
    hops.last().is_some_and(|&(_, l)| l == m.to)
        && hops.iter().all(|&(o, l)| occ.has(o) && !occ.has(l))
}
