//! Conditions on positions and moves, and the end rules that turn them into
//! results. Results are enums: who won (and what the win is worth), or a
//! draw, and the kind of ending.

mod quick;

pub(crate) use quick::Quick;

use crate::compile::board::Sq;
use std::cell::Cell;
use std::fmt;

use crate::bits::Bits;
use crate::compile::model::{CmpOp, Cond, IntExpr, Pattern, PlayerRef, RelDir, SiteRef, Worth};
use crate::state::{code_piece, code_player, Hist, KeyCounts, State, EMPTY, NO_KIND, NO_SQ};

/// What the evaluator asks of the rules a game is played by: who plays
/// after whom, where a square named in a rule is, which moves are legal,
/// what attacks what, and the facts of the start position. The engine
/// answers; the evaluator never names it, so data flows one way (the
/// engine judges its rules' conditions through [`Ctx`]).
pub(crate) trait Rules<B: Bits> {
    /// The player after `p`.
    fn next_player(&self, p: u8) -> u8;
    /// The square a rule names, for a move of `mover` from `from` to `to`
    /// ([`NO_SQ`] if it names none).
    fn site(&self, st: &State<B>, s: &SiteRef, mover: u8, from: Sq, to: Sq) -> Sq;
    /// Whether no rule adds pieces (so the number of pieces never grows).
    fn monotone(&self) -> bool;
    /// How many earlier positions of `hist` share the key of `st`.
    fn earlier(&self, st: &State<B>, men: u8, hist: &[Hist]) -> usize;
    /// Whether a royal piece of `player` is attacked.
    fn in_check(&self, st: &State<B>, player: u8) -> bool;
    /// Whether the player to move has a legal move (those offered only when
    /// stuck included), judged by the first `level` restrictions.
    fn has_legal_at(&self, st: &State<B>, hist: &[Hist], level: usize) -> bool;
    /// Whether the player to move has a legal move not offered only when stuck.
    fn has_normal_move_at(&self, st: &State<B>, hist: &[Hist], level: usize) -> bool;
    /// Whether a piece of `by` attacks `sq` with the squares `occ` occupied.
    fn attacked(&self, st: &State<B>, sq: Sq, by: u8, occ: B) -> bool;
    /// Whether the piece on `a` could capture on `r`.
    fn piece_attacks(&self, st: &State<B>, a: Sq, r: Sq) -> bool;
    /// The squares of `player`'s royal pieces.
    fn royals(&self, st: &State<B>, player: u8) -> B;
    /// The squares a pattern selects for a move of `side` landing on `to`.
    fn pattern_squares(&self, st: &State<B>, p: &Pattern, side: u8, to: Sq) -> B;
    /// Whether the piece on `q` stands in a full line of the board.
    fn in_full_line(&self, st: &State<B>, q: Sq) -> bool;
    /// Whether `mine` holds `n` squares in a row (exactly `n`, with `exact`).
    fn in_a_row(&self, mine: B, n: u32, exact: bool) -> bool;
    /// Whether a chain of `mine`'s squares, each next to the one before,
    /// leads from a square of `from` to a square of `to`.
    fn connected(&self, mine: B, from: B, to: B) -> bool;
    /// The squares of one shade of the chequer.
    fn light(&self) -> B;
    /// The liberties of the group on `q` (joined along `dirs`, as `mover`
    /// reads them).
    fn liberties(&self, st: &State<B>, q: Sq, dirs: &[RelDir], mover: u8) -> u32;
    /// Whether the group on `q` has a liberty ([`Rules::liberties`] above 0).
    fn has_liberty(&self, st: &State<B>, q: Sq, dirs: &[RelDir], mover: u8) -> bool;
    /// The squares right next to `q` along `dirs` (as `mover` reads them).
    fn neighbours_along(&self, q: Sq, dirs: &[RelDir], mover: u8) -> B;
    /// `player`'s area (empty regions joined along `dirs`).
    fn area(&self, st: &State<B>, player: u8, dirs: &[RelDir]) -> u32;
    /// The key of a position (`hash`, `side` to move) without whose turn it is.
    fn board_key(&self, hash: u64, side: u8) -> u64;
    /// How many pieces of kind `k` player `p` had at the start.
    fn start_count(&self, p: u8, k: u8) -> u8;
    /// In a promotion of `mover`'s piece to kind `k` on `to`: whether the
    /// mover has lost a piece of that kind that could reach `to`.
    fn lost_could_reach(&self, st: &State<B>, mover: u8, k: u8, to: Sq) -> bool;
}

/// How a game ended.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum Outcome {
    /// A player won (and every other player lost).
    Win {
        /// The winner's number (0 for the first player).
        winner: usize,
        /// The kind of ending, as the game file names it ("checkmate").
        kind: String,
        /// What the win is worth (a full win or a half-win).
        worth: Worth,
    },
    /// Nobody won.
    Draw {
        /// The kind of ending ("repetition", "move limit").
        kind: String,
    },
}

impl Outcome {
    /// A full win.
    pub fn win(winner: usize, kind: &str) -> Outcome {
        Outcome::Win {
            winner,
            kind: kind.into(),
            worth: Worth::Win,
        }
    }

    /// A draw.
    pub fn draw(kind: &str) -> Outcome {
        Outcome::Draw { kind: kind.into() }
    }

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
            Outcome::Win {
                winner,
                kind,
                worth: Worth::Win,
            } => write!(f, "player {} wins by {kind}", winner + 1),
            Outcome::Win { winner, kind, .. } => {
                write!(f, "player {} wins a half-win by {kind}", winner + 1)
            }
            Outcome::Draw { kind } => write!(f, "draw by {kind}"),
        }
    }
}

/// The move a condition is judged for: the mover, the kind a promotion
/// offers, and its two squares, packed in one word (bit 48 always set, so
/// that `Option<MoveCtx>` is a word too). A context is judged right after it
/// is made: its move stored at once and read at once, the processor hands
/// the one store to the loads (fields stored apart and read together
/// stalled them: 6% of the random games of a game with a palace).
#[derive(Clone, Copy, Debug)]
pub(crate) struct MoveCtx(std::num::NonZeroU64);

impl MoveCtx {
    /// A move by `mover` from `from` to `to` of a piece of `kind`: with no
    /// start square, a drop of a piece of that kind, or a removal where
    /// the kind is [`NO_KIND`].
    #[inline]
    pub(crate) fn new(mover: u8, from: Sq, to: Sq, kind: u8) -> Self {
        let removal = from == NO_SQ && to != NO_SQ && kind == NO_KIND;
        Self::pack(mover, NO_KIND, from, to, removal)
    }

    #[inline]
    fn pack(mover: u8, offer: u8, from: Sq, to: Sq, removal: bool) -> Self {
        let w = u64::from(mover)
            | u64::from(offer) << 8
            | u64::from(from) << 16
            | u64::from(to) << 32
            | 1 << 48
            | u64::from(removal) << 49;
        MoveCtx(std::num::NonZeroU64::MIN.saturating_add(w - 1))
    }

    /// The same move, in a promotion offering `kind`.
    #[inline]
    pub(crate) fn offering(self, kind: u8) -> Self {
        Self::pack(self.mover(), kind, self.from(), self.to(), self.removal())
    }

    /// Whether the move is a removal (`remove`).
    #[inline]
    fn removal(self) -> bool {
        self.0.get() >> 49 & 1 != 0
    }

    #[inline]
    fn mover(self) -> u8 {
        self.0.get() as u8
    }

    #[inline]
    fn offer(self) -> u8 {
        (self.0.get() >> 8) as u8
    }

    #[inline]
    fn from(self) -> Sq {
        (self.0.get() >> 16) as Sq
    }

    #[inline]
    fn to(self) -> Sq {
        (self.0.get() >> 32) as Sq
    }
}

/// What a condition is judged against: a state, the earlier positions
/// (oldest first), the move (for move conditions and restrictions), and the
/// restrictions in force for moves tested inside it.
pub(crate) struct Ctx<'a, B: Bits, E: Rules<B>> {
    e: &'a E,
    st: &'a State<B>,
    hist: &'a [Hist],
    /// One more earlier position not in `hist` (the parent of a state being tested).
    extra: Option<Hist>,
    mv: Option<MoveCtx>,
    /// Moves tested inside the condition are judged by the first `level` forbid rules.
    level: usize,
    has_moves: Cell<Option<bool>>,
    /// How many times the position has occurred, where the caller knows.
    reps: Option<u32>,
    /// The board keys of `hist`, counted, where the caller keeps them.
    boards: Option<&'a KeyCounts>,
    /// The position before the move, where the caller has it (for
    /// `(captured)`).
    before: Option<&'a State<B>>,
}

impl<'a, B: Bits, E: Rules<B>> Ctx<'a, B, E> {
    /// A context judging conditions in `st` after the positions `hist`
    /// (and `extra`, one more), by the rules `e`.
    pub(crate) fn new(e: &'a E, st: &'a State<B>, hist: &'a [Hist], extra: Option<Hist>) -> Self {
        Ctx {
            e,
            st,
            hist,
            extra,
            mv: None,
            level: usize::MAX,
            has_moves: Cell::new(None),
            reps: None,
            boards: None,
            before: None,
        }
    }

    /// Tells the context the position the move was made in.
    pub(crate) fn after(mut self, before: &'a State<B>) -> Self {
        self.before = Some(before);
        self
    }

    /// The pieces the move took off the board: the other players' pieces
    /// before it less those after it; without the position before, the
    /// pieces (on the board and in hand) of the position before less those
    /// now, as the history has them.
    fn captured(&self) -> i64 {
        let Some(m) = self.mv else {
            return 0;
        };
        let others =
            |st: &State<B>| i64::from((st.occupied() & !st.by_player[m.mover() as usize]).count());
        match (
            self.before,
            self.extra.or_else(|| self.hist.last().copied()),
        ) {
            (Some(b), _) => (others(b) - others(self.st)).max(0),
            (None, Some(h)) => i64::from(h.men.wrapping_sub(self.st.men()) as i8).max(0),
            (None, None) => 0,
        }
    }

    /// Tells the context the board keys of its history, counted
    /// ([`Rules::board_key`] of each entry), to find a board's repetitions
    /// at once.
    pub(crate) fn knowing_boards(mut self, boards: Option<&'a KeyCounts>) -> Self {
        self.boards = boards;
        self
    }

    /// The condition is about a move.
    pub(crate) fn in_move(mut self, mv: MoveCtx) -> Self {
        self.mv = Some(mv);
        self
    }

    /// Moves tested inside are judged by the first `level` forbid rules.
    pub(crate) fn at_level(mut self, level: usize) -> Self {
        self.level = level;
        self
    }

    /// Tells the context how many times the position has occurred (its
    /// history entry's count, [`Hist::reps`]).
    pub(crate) fn knowing_reps(mut self, reps: Option<u8>) -> Self {
        // A count at its cap is counted again.
        self.reps = reps.filter(|&r| r < u8::MAX).map(u32::from);
        self
    }

    /// Tells the context whether the player to move has a legal move.
    pub(crate) fn knowing_moves(self, has: Option<bool>) -> Self {
        self.has_moves.set(has);
        self
    }

    fn mover(&self) -> u8 {
        self.mv.map_or(self.st.mover, MoveCtx::mover)
    }

    pub(crate) fn player(&self, p: PlayerRef) -> u8 {
        match p {
            PlayerRef::Mover => self.mover(),
            PlayerRef::Next => self.st.side,
            PlayerRef::Opponent => self.e.next_player(self.mover()),
            PlayerRef::Fixed(i) => i,
        }
    }

    fn site(&self, s: &crate::compile::model::SiteRef) -> Sq {
        use crate::compile::model::SiteRef;
        // The move's squares read one at a time: a context is judged right
        // after it is made, and reading both squares at once, as one wide
        // load of what was stored in two, stalls.
        match s {
            SiteRef::To => self.mv.as_ref().map_or(NO_SQ, |m| m.to()),
            SiteRef::From => self.mv.as_ref().map_or(NO_SQ, |m| m.from()),
            _ => {
                let (from, to) = self.mv.map_or((NO_SQ, NO_SQ), |m| (m.from(), m.to()));
                self.e.site(self.st, s, self.mover(), from, to)
            }
        }
    }

    /// The history with the extra position, as one list.
    fn history(&self) -> std::borrow::Cow<'a, [Hist]> {
        match self.extra {
            None => std::borrow::Cow::Borrowed(self.hist),
            Some(x) => {
                // Room for the extra one at once (a copy and a push grew it
                // again, in every test of a restriction that reads moves).
                let mut v = Vec::with_capacity(self.hist.len() + 1);
                v.extend_from_slice(self.hist);
                v.push(x);
                std::borrow::Cow::Owned(v)
            }
        }
    }

    /// Whether the position can have occurred `n` times, by the history's
    /// record of the most times any position has occurred (no scan): this
    /// one has occurred at most once more than that.
    fn repetitions_may_reach(&self, n: u32) -> bool {
        let last = self.extra.or_else(|| self.hist.last().copied());
        last.is_none_or(|h| u32::from(h.max_reps) + 1 >= n)
    }

    /// Whether the position has occurred `n` times.
    pub(crate) fn repeated(&self, n: u32) -> bool {
        if let Some(k) = self.reps {
            return k >= n;
        }
        self.repetitions_may_reach(n) && self.repetitions() >= n
    }

    fn repetitions(&self) -> u32 {
        if let Some(n) = self.reps {
            return n;
        }
        let h = self.st.hash;
        let men = self.st.men();
        // The extra entry is the latest: if its count differs, none before matches.
        if self.e.monotone() && self.extra.is_some_and(|x| x.men != men) {
            return 1;
        }
        1 + self.e.earlier(self.st, men, self.hist) as u32
            + u32::from(self.extra.is_some_and(|x| x.hash == h))
    }

    /// How many times the board (pieces and hands, whoever is to move) has
    /// been as it is, counting now.
    fn board_repetitions(&self) -> u32 {
        let men = self.st.men();
        let key = self.e.board_key(self.st.hash, self.st.side);
        let same = |h: &Hist| h.men == men && self.e.board_key(h.hash, h.side) == key;
        let earlier = match self.boards {
            Some(b) => b.count(key, men, false),
            None => self.hist.iter().filter(|h| same(h)).count(),
        };
        1 + earlier as u32 + u32::from(self.extra.as_ref().is_some_and(same))
    }

    fn perpetual(&self, times: u32) -> bool {
        if self.repetitions() < times {
            return false;
        }
        let whole = self.history();
        let hist = crate::state::same_men(&whole, self.st.men(), self.e.monotone());
        let h = self.st.hash;
        let Some(first) = hist.iter().position(|x| x.hash == h) else {
            return false;
        };
        let mover = self.st.mover;
        let every = hist[first + 1..]
            .iter()
            .filter(|x| x.mover == mover)
            .all(|x| x.checked);
        every && self.e.in_check(self.st, self.st.side)
    }

    fn has_moves(&self, p: u8, stuck: bool) -> bool {
        if p == self.st.side && stuck && self.level == usize::MAX {
            if let Some(k) = self.has_moves.get() {
                return k;
            }
        }
        let hist = self.history();
        let level = self.level;
        let test = |s: &State<B>| {
            if stuck {
                self.e.has_legal_at(s, &hist, level)
            } else {
                self.e.has_normal_move_at(s, &hist, level)
            }
        };
        if p == self.st.side {
            if stuck && level == usize::MAX {
                if let Some(k) = self.has_moves.get() {
                    return k;
                }
                let k = test(self.st);
                self.has_moves.set(Some(k));
                return k;
            }
            test(self.st)
        } else {
            let mut s = *self.st;
            s.side = p;
            s.mover = self.e.next_player(p);
            s.last = (NO_SQ, NO_SQ);
            test(&s)
        }
    }

    /// Whether the condition holds.
    pub(crate) fn cond(&self, c: &Cond) -> bool {
        let st = self.st;
        match c {
            Cond::And(cs) => cs.iter().all(|c| self.cond(c)),
            Cond::Or(cs) => cs.iter().any(|c| self.cond(c)),
            Cond::Not(c) => !self.cond(c),
            Cond::InCheck(p) => self.e.in_check(st, self.player(*p)),
            Cond::Is(a, b) => self.player(*a) == self.player(*b),
            Cond::NoMoves(p, stuck) => !self.has_moves(self.player(*p), *stuck),
            Cond::Repeated(n) => self.repeated(*n),
            Cond::PerpetualCheck(n) => self.perpetual(*n),
            // Whether a group has a liberty: found at the first one.
            Cond::Cmp(
                op @ (CmpOp::Eq | CmpOp::Le | CmpOp::Gt | CmpOp::Ne),
                IntExpr::Liberties(s, dirs),
                IntExpr::Lit(0),
            ) => {
                let q = self.site(s);
                let free = q != NO_SQ && self.e.has_liberty(st, q, dirs, self.mover());
                free == matches!(op, CmpOp::Gt | CmpOp::Ne)
            }
            Cond::Cmp(op, a, b) => op.apply(self.int(a), self.int(b)),
            Cond::Unmoved(s) => {
                let q = self.site(s);
                q != NO_SQ && st.at(q) != EMPTY && st.unmoved.has(q)
            }
            Cond::AtStart(s) => {
                let q = self.site(s);
                q != NO_SQ && st.at(q) != EMPTY && st.origin_of(q) == q
            }
            Cond::Flagged(f, s) => {
                let q = self.site(s);
                q != NO_SQ && st.flags[*f as usize].has(q)
            }
            Cond::Remembers(p, f) => st.facts[self.player(*p) as usize] & (1 << f) != 0,
            Cond::Lost(p, k) => {
                let pl = self.player(*p);
                st.pieces(*k, pl).count() < u32::from(self.e.start_count(pl, *k))
            }
            Cond::LostCouldReach => self.lost_could_reach(),
            Cond::KindIs(k) => self.mv.is_some_and(|m| m.offer() == *k),
            Cond::Removing => self.mv.is_some_and(MoveCtx::removal),
            Cond::Passing => self.mv.is_some_and(|m| m.to() == NO_SQ),
            Cond::Capturing => st.took,
            Cond::Absent(s) => {
                let q = self.site(s);
                let mine = st.by_player[self.mover() as usize];
                !mine.iter().any(|x| st.origin_of(x) == q)
            }
            Cond::In(s, sites) => {
                let q = self.site(s);
                sites
                    .get(self.mover() as usize)
                    .is_some_and(|v| v.contains(&q))
            }
            Cond::Attacked(s, p) => {
                let q = self.site(s);
                q != NO_SQ && self.e.attacked(st, q, self.player(*p), st.occupied())
            }
            Cond::Checks(s) => {
                let q = self.site(s);
                if let Some(m) = self
                    .mv
                    .filter(|m| m.offer() != NO_KIND && m.to() == q && m.from() != NO_SQ)
                {
                    // In a promotion: the piece the pawn would become, on
                    // the board as it would be after the move.
                    let mut after = *st;
                    after.take(m.to());
                    after.shift(m.from(), m.to());
                    after.retype(m.to(), m.offer());
                    let enemy = self.e.next_player(m.mover());
                    return self
                        .e
                        .royals(&after, enemy)
                        .iter()
                        .any(|r| self.e.piece_attacks(&after, m.to(), r));
                }
                if q == NO_SQ || st.at(q) == EMPTY {
                    return false;
                }
                let owner = code_player(st.at(q));
                let enemy = self.e.next_player(owner);
                self.e
                    .royals(st, enemy)
                    .iter()
                    .any(|r| self.e.piece_attacks(st, q, r))
            }
            Cond::CheckedBy(p, k) => {
                let pl = self.player(*p);
                let enemy = self.e.next_player(pl);
                let attackers = st.pieces(*k, enemy);
                self.e
                    .royals(st, pl)
                    .iter()
                    .any(|r| attackers.iter().any(|a| self.e.piece_attacks(st, a, r)))
            }
            Cond::Material(p, counts) => {
                let pl = self.player(*p);
                let mine = st.by_player[pl as usize];
                let total: u32 = counts.iter().map(|&n| u32::from(n)).sum();
                mine.count() == total
                    && counts
                        .iter()
                        .enumerate()
                        .all(|(k, &n)| n == 0 || (st.by_piece[k] & mine).count() == u32::from(n))
            }
            Cond::Connected(p, from, to) => {
                let pl = self.player(*p) as usize;
                let set = |s: &crate::compile::model::PlayerSites| {
                    s.get(pl).map_or(B::ZERO, |v| B::of(v))
                };
                self.e.connected(st.by_player[pl], set(from), set(to))
            }
            Cond::Reached(p, sites, kind) => {
                let pl = self.player(*p);
                let mut on = st.by_player[pl as usize];
                if let Some(k) = kind {
                    on &= st.by_piece[*k as usize];
                }
                sites
                    .get(pl as usize)
                    .is_some_and(|v| v.iter().any(|&q| on.has(q)))
            }
            Cond::Exists(pat) => self.mv.is_some_and(|m| {
                !self
                    .e
                    .pattern_squares(st, pat, m.mover(), m.to())
                    .is_empty()
            }),
            Cond::Passes(n) => u32::from(st.passes) >= *n,
            Cond::RepeatedBoard(n) => self.board_repetitions() >= *n,
            Cond::InARow(p, n, exact) => {
                self.e
                    .in_a_row(st.by_player[self.player(*p) as usize], *n, *exact)
            }
            Cond::Holds(s, k, owner) => {
                let q = self.site(s);
                q != NO_SQ
                    && st.at(q) != EMPTY
                    && code_piece(st.at(q)) == *k
                    && owner.is_none_or(|p| code_player(st.at(q)) == self.player(p))
            }
            Cond::NextTo(dirs, kinds, owner) => {
                let to = self.site(&SiteRef::To);
                if to == NO_SQ {
                    return false;
                }
                let from = self.site(&SiteRef::From);
                let mut near = self.e.neighbours_along(to, dirs, self.mover());
                if from != NO_SQ {
                    near &= !B::bit(from);
                }
                let mut there = match owner {
                    Some(p) => st.by_player[self.player(*p) as usize],
                    None => st.occupied(),
                };
                if *kinds != 0 {
                    there &= st.all_of_kinds(*kinds);
                }
                !(near & there).is_empty()
            }
            Cond::InLine(s) => {
                let q = self.site(s);
                q != NO_SQ && st.at(q) != EMPTY && self.e.in_full_line(st, q)
            }
            Cond::SameShade(k) => {
                let set = st.by_piece[*k as usize];
                let (light, dark) = (set & self.e.light(), set & !self.e.light());
                light.is_empty() || dark.is_empty()
            }
        }
    }

    fn lost_could_reach(&self) -> bool {
        let Some(m) = self.mv else { return false };
        if m.offer() == NO_KIND || m.to() == NO_SQ {
            return false;
        }
        self.e
            .lost_could_reach(self.st, m.mover(), m.offer(), m.to())
    }

    /// The player `p` names, and the squares of their pieces (of `kind`, if given).
    fn pieces_of(&self, p: PlayerRef, kind: Option<u8>) -> (u8, B) {
        let pl = self.player(p);
        let bb = match kind {
            Some(k) => self.st.pieces(k, pl),
            None => self.st.by_player[pl as usize],
        };
        (pl, bb)
    }

    pub(crate) fn int(&self, e: &IntExpr) -> i64 {
        match e {
            IntExpr::Lit(i) => *i,
            IntExpr::Count(p, kind) => {
                let (_, bb) = self.pieces_of(*p, *kind);
                i64::from(bb.count())
            }
            IntExpr::PliesSince(i) => i64::from(self.st.counters[*i as usize]),
            IntExpr::CountIn(p, kind, sites) => {
                let (pl, bb) = self.pieces_of(*p, *kind);
                sites
                    .get(pl as usize)
                    .map_or(0, |v| v.iter().filter(|&&q| bb.has(q)).count() as i64)
            }
            IntExpr::Score(p) => i64::from(self.st.score[self.player(*p) as usize]),
            IntExpr::Liberties(s, dirs) => {
                let q = self.site(s);
                if q == NO_SQ {
                    return 0;
                }
                i64::from(self.e.liberties(self.st, q, dirs, self.mover()))
            }
            IntExpr::Area(p, dirs) => {
                let pl = self.player(*p);
                i64::from(self.e.area(self.st, pl, dirs))
            }
            IntExpr::Captured => self.captured(),
            IntExpr::Sum(xs) => xs
                .iter()
                .map(|x| self.int(x))
                .fold(0i64, i64::saturating_add),
            IntExpr::Diff(a, b) => self.int(a).saturating_sub(self.int(b)),
            IntExpr::Size(pat) => self.mv.map_or(0, |m| {
                i64::from(
                    self.e
                        .pattern_squares(self.st, pat, m.mover(), m.to())
                        .count(),
                )
            }),
            IntExpr::InHand(p, kind) => {
                let pl = self.player(*p);
                match kind {
                    Some(k) => i64::from(self.st.in_hand(pl, *k)),
                    None => i64::from(self.st.hand_total(pl)),
                }
            }
        }
    }
}

/// A number of pieces that some player must have at most for `c` to hold
/// (`u32::MAX` if there is none): conditions on a player's whole material
/// (`material`, or `count` compared with a number) hold only when that
/// player has that few pieces. End rules are skipped without evaluating
/// them while every player has more.
pub(crate) fn few_men_bound(c: &Cond) -> u32 {
    match c {
        Cond::And(cs) => cs.iter().map(few_men_bound).min().unwrap_or(u32::MAX),
        Cond::Or(cs) => cs.iter().map(few_men_bound).max().unwrap_or(u32::MAX),
        Cond::Material(_, counts) => counts.iter().map(|&n| u32::from(n)).sum(),
        Cond::Cmp(op, IntExpr::Count(_, None), IntExpr::Lit(n))
        | Cond::Cmp(op, IntExpr::Lit(n), IntExpr::Count(_, None)) => {
            let lit_first = matches!(c, Cond::Cmp(_, IntExpr::Lit(_), _));
            let op = if lit_first { op.flipped() } else { *op };
            let n = u32::try_from(*n).unwrap_or(0);
            match op {
                CmpOp::Eq | CmpOp::Le => n,
                CmpOp::Lt => n.saturating_sub(1),
                CmpOp::Ne | CmpOp::Gt | CmpOp::Ge => u32::MAX,
            }
        }
        _ => u32::MAX,
    }
}

/// Whether `c` holds only if the player to move has no legal move (it is
/// `(noMoves Next)`, or a conjunction with it): end rules that are need not
/// be judged where the caller knows there is a move.
pub(crate) fn needs_no_moves(c: &Cond) -> bool {
    match c {
        Cond::And(cs) => cs.iter().any(needs_no_moves),
        Cond::NoMoves(PlayerRef::Next, true) => true,
        _ => false,
    }
}
