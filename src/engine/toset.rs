//! A drop's or a removal's condition on the squares around where it lands,
//! judged for every square at once ([`ToSet`]): `(exists (bracketed ...))`
//! and `(exists (sandwiched ...))` as floods of square sets along each
//! direction, instead of a walk from each square; `(inLine (to))` and its
//! negation as the union of the board's full lines.

use super::{Engine, Shift};
use crate::bits::Bits;
use crate::compile::board::Board;
use crate::compile::model::{Cond, Pattern, Shape, SiteRef};
use crate::state::State;

/// A condition on where a move lands, as square sets: the landing squares
/// from which each of its patterns selects something.
#[derive(Clone, Debug)]
pub(crate) struct ToSet<B: Bits> {
    /// The patterns, all of which must select something.
    pats: Box<[SetPattern<B>]>,
    /// `(inLine (to))` (true) or its negation (false), if asked (judged
    /// on the engine's [`Engine::line_masks`]).
    line: Option<bool>,
    /// The condition is just these patterns: a landing square in the set
    /// needs no test of its own.
    pub exact: bool,
}

/// One pattern of a [`ToSet`], for one player.
#[derive(Clone, Debug)]
struct SetPattern<B: Bits> {
    /// The fewest and the most enemy pieces in a line (sandwiched: 1 and 1).
    line: (u32, u32),
    /// Each direction looked along, as a step along the numbering.
    dirs: Box<[Shift<B>]>,
    /// The kinds it selects (bit per kind; 0: any).
    kinds: u32,
    /// Empty squares that count as the player's pieces.
    hostile: B,
}

impl<B: Bits> ToSet<B> {
    /// The condition `c` of a move of a player whose forward is `forward`
    /// as square sets, if it is a pattern (or all of several, perhaps
    /// among other conditions) this module can judge at once.
    pub(super) fn of(
        c: &Cond,
        board: &Board,
        forward: crate::compile::board::Dir,
        player: usize,
    ) -> Option<Self> {
        let parts: &[Cond] = match c {
            Cond::And(cs) => cs,
            c => std::slice::from_ref(c),
        };
        let mut pats = Vec::new();
        let mut line = None;
        let mut exact = true;
        for c in parts {
            match c {
                Cond::Exists(p) => match SetPattern::of(p, board, forward, player) {
                    Some(sp) => pats.push(sp),
                    None => exact = false,
                },
                Cond::InLine(SiteRef::To) if line.is_none() => line = Some(true),
                Cond::Not(n) if matches!(**n, Cond::InLine(SiteRef::To)) && line.is_none() => {
                    line = Some(false);
                }
                _ => exact = false,
            }
        }
        (!pats.is_empty() || line.is_some()).then(|| ToSet {
            pats: pats.into(),
            line,
            exact,
        })
    }
}

impl<B: Bits> SetPattern<B> {
    /// `p` for `player`, if every direction is a step along the numbering
    /// and nothing restricts where the selected pieces stand.
    fn of(
        p: &Pattern,
        board: &Board,
        forward: crate::compile::board::Dir,
        player: usize,
    ) -> Option<Self> {
        if !matches!(p.shape, Shape::Bracketed | Shape::Sandwiched) || p.at.is_some() {
            return None;
        }
        let dirs = p
            .dirs
            .iter()
            .map(|rd| Shift::along(board, rd.resolve(forward)))
            .collect::<Option<Vec<_>>>()?;
        let hostile = p
            .hostile
            .as_ref()
            .map_or(B::ZERO, |h| super::tables::resolve_sites(h, player));
        Some(SetPattern {
            line: p.line,
            dirs: dirs.into(),
            kinds: p.kinds,
            hostile,
        })
    }
}

impl<B: Bits> Engine<B> {
    /// The landing squares of a move of `side` where every pattern of `ts`
    /// selects something and the line test holds (the same answer as
    /// judging `(exists ...)` and `(inLine (to))` on each).
    pub(super) fn to_set(&self, st: &State<B>, ts: &ToSet<B>, side: u8) -> B {
        let occ = st.occupied();
        let own = st.by_player[side as usize];
        let mut acc = self.all;
        for p in &ts.pats {
            let mut enemy = occ & !own;
            if p.kinds != 0 {
                let mut k = B::ZERO;
                for (i, b) in st.by_piece.iter().enumerate() {
                    if p.kinds & (1 << i) != 0 {
                        k |= *b;
                    }
                }
                enemy &= k;
            }
            let holds = own | (p.hostile & !occ);
            let mut any = B::ZERO;
            let (lo, hi) = p.line;
            for s in &p.dirs {
                // Enemy pieces whose neighbour along the direction holds:
                // the first of a line of one.
                let mut run = s.back(holds) & enemy;
                if (lo, hi) == (1, u32::MAX) {
                    // And those whose line of enemies along it ends so,
                    // however long.
                    loop {
                        let more = run | (s.back(run) & enemy);
                        if more == run {
                            break;
                        }
                        run = more;
                    }
                    any |= s.back(run);
                    continue;
                }
                // The first pieces of the lines of exactly `n` enemies,
                // `n` counted up: a line's first piece starts one line
                // only, as the squares beyond it are enemies and then one
                // that holds (never an enemy).
                let mut n = 1;
                while !run.is_empty() && n <= hi {
                    if n >= lo {
                        any |= s.back(run);
                    }
                    run = s.back(run) & enemy;
                    n += 1;
                }
            }
            acc &= any;
        }
        if let Some(want) = ts.line {
            // The squares of the lines one player fills.
            let players = &st.by_player[..self.model.players.len()];
            let full = self
                .line_masks
                .iter()
                .filter(|l| players.iter().any(|own| (**l & !*own).is_empty()))
                .fold(B::ZERO, |a, l| a | *l);
            acc &= if want { full } else { !full };
        }
        acc
    }
}
