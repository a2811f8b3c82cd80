//! Conditions on positions, and the end rules that turn them into results.
//! Results are enums: who won, or a draw, and the kind of ending.

use std::cell::Cell;
use std::fmt;

use crate::bits::Bits;
use crate::compile::model::{Cond, IntExpr, OutcomeDef, PlayerRef};
use crate::engine::Engine;
use crate::state::State;

/// How a game ended.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum Outcome {
    /// A player won (and every other player lost).
    Win {
        /// The winner's number (0 for the first player).
        winner: usize,
        /// The kind of ending, as the game file names it ("checkmate").
        kind: String,
    },
    /// Nobody won.
    Draw {
        /// The kind of ending ("repetition", "move limit").
        kind: String,
    },
}

impl Outcome {
    /// The kind of ending.
    pub fn kind(&self) -> &str {
        match self {
            Outcome::Win { kind, .. } | Outcome::Draw { kind } => kind,
        }
    }

    /// The winner, if any.
    pub fn winner(&self) -> Option<usize> {
        match self {
            Outcome::Win { winner, .. } => Some(*winner),
            Outcome::Draw { .. } => None,
        }
    }

    /// The PGN-style score: `1-0`, `0-1`, `1/2-1/2`.
    pub fn score(&self) -> &'static str {
        match self {
            Outcome::Win { winner: 0, .. } => "1-0",
            Outcome::Win { .. } => "0-1",
            Outcome::Draw { .. } => "1/2-1/2",
        }
    }
}

impl fmt::Display for Outcome {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Outcome::Win { winner, kind } => write!(f, "player {} wins by {kind}", winner + 1),
            Outcome::Draw { kind } => write!(f, "draw by {kind}"),
        }
    }
}

/// What a condition is judged against: a state, the hashes of the positions
/// before it (oldest first), and what is already known of its moves.
pub(crate) struct Ctx<'a, B: Bits> {
    e: &'a Engine<B>,
    st: &'a State<B>,
    hist: &'a [u64],
    /// One more earlier position not in `hist` (the parent of a state being tested).
    extra: Option<u64>,
    has_moves: Cell<Option<bool>>,
}

impl<'a, B: Bits> Ctx<'a, B> {
    pub(crate) fn new(
        e: &'a Engine<B>,
        st: &'a State<B>,
        hist: &'a [u64],
        extra: Option<u64>,
    ) -> Self {
        Ctx {
            e,
            st,
            hist,
            extra,
            has_moves: Cell::new(None),
        }
    }

    /// Tells the context whether the player to move has a legal move.
    pub(crate) fn knowing_moves(self, has: Option<bool>) -> Self {
        self.has_moves.set(has);
        self
    }

    fn player(&self, p: PlayerRef) -> u8 {
        match p {
            PlayerRef::Mover => self.st.mover,
            PlayerRef::Next => self.st.side,
            PlayerRef::Fixed(i) => i,
        }
    }

    /// The history as one slice with the extra position (no allocation when there is none).
    fn repetitions(&self) -> u32 {
        let h = self.st.hash;
        1 + self.hist.iter().filter(|&&x| x == h).count() as u32 + u32::from(self.extra == Some(h))
    }

    fn has_moves(&self, p: u8) -> bool {
        if p == self.st.side {
            if let Some(k) = self.has_moves.get() {
                return k;
            }
            let k = self.e.has_legal(self.st, self.hist);
            self.has_moves.set(Some(k));
            k
        } else {
            let mut s = *self.st;
            s.side = p;
            s.mover = self.e.next_player(p);
            self.e.has_legal(&s, self.hist)
        }
    }

    /// Whether the condition holds.
    pub(crate) fn cond(&self, c: &Cond) -> bool {
        match c {
            Cond::And(cs) => cs.iter().all(|c| self.cond(c)),
            Cond::Or(cs) => cs.iter().any(|c| self.cond(c)),
            Cond::Not(c) => !self.cond(c),
            Cond::InCheck(p) => self.e.in_check(self.st, self.player(*p)),
            Cond::NoMoves(p) => !self.has_moves(self.player(*p)),
            Cond::Repeated(n) => self.repetitions() >= *n,
            Cond::Cmp(op, a, b) => op.apply(self.int(a), self.int(b)),
        }
    }

    fn int(&self, e: &IntExpr) -> i64 {
        match e {
            IntExpr::Lit(i) => *i,
            IntExpr::Count(p, kind) => {
                let pl = self.player(*p);
                let bb = match kind {
                    Some(k) => self.st.pieces(*k, pl),
                    None => self.st.by_player[pl as usize],
                };
                i64::from(bb.count())
            }
            IntExpr::PliesSince(i) => i64::from(self.st.counters[*i as usize]),
        }
    }
}

impl<B: Bits> Engine<B> {
    /// The result if an end rule holds in `st`, with the rule's index.
    /// `has_moves` passes on what the caller already knows.
    pub(crate) fn ending(
        &self,
        st: &State<B>,
        hist: &[u64],
        has_moves: Option<bool>,
    ) -> Option<(Outcome, usize)> {
        let ctx = Ctx::new(self, st, hist, None).knowing_moves(has_moves);
        for (i, end) in self.model.ends.iter().enumerate() {
            if ctx.cond(&end.cond) {
                let o = match &end.outcome {
                    OutcomeDef::Win(p, k) => Outcome::Win {
                        winner: ctx.player(*p) as usize,
                        kind: k.clone(),
                    },
                    OutcomeDef::Loss(p, k) => Outcome::Win {
                        winner: self.next_player(ctx.player(*p)) as usize,
                        kind: k.clone(),
                    },
                    OutcomeDef::Draw(k) => Outcome::Draw { kind: k.clone() },
                };
                return Some((o, i));
            }
        }
        None
    }
}
