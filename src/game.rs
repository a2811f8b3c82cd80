//! The public face of a compiled game: [`Game`] (immutable, cheap to share
//! across threads) and [`Position`] (a state in play, with its history).
//!
//! A game on a board of at most 64 squares runs on `u64` square sets, one
//! of up to 128 on `u128`, a larger one on arrays of words (256, 384 or 640
//! squares); all are hidden behind these two types.

use crate::compile::board::Sq;
use std::fmt;
use std::sync::Arc;

use crate::compile::graph::RuleGraph;
use crate::compile::model::Model;
use crate::engine::{Engine, Seen};
use crate::eval::Outcome;
use crate::moves::Move;
use crate::state::{Line, State};

/// The widths of square set a game may run on, narrowest first: the
/// variant's name, its type, and the most squares it holds.
macro_rules! tiers {
    ($mac:ident) => {
        $mac! {
            Small(u64, 64),
            Large(u128, 128),
            W256($crate::bits::Wide<4>, 256),
            W384($crate::bits::Wide<6>, 384),
            W640($crate::bits::Wide<10>, 640),
        }
    };
}

macro_rules! declare {
    ($($v:ident($t:ty, $n:expr)),* $(,)?) => {
        #[derive(Clone, Debug)]
        pub(crate) enum GameInner {
            $($v(Arc<Engine<$t>>),)*
        }

        // Each variant keeps its engine, state and history in one box: a
        // position is as small as a pointer, and its state takes the room
        // its own width needs (inline, every position would take the
        // widest's, about 4 KB: many positions side by side, as a batch of
        // games keeps them, would spread over pages and caches).
        #[derive(Debug)]
        pub(crate) enum PosInner {
            $($v(Box<(Arc<Engine<$t>>, State<$t>, Line)>),)*
        }

        impl Clone for PosInner {
            fn clone(&self) -> PosInner {
                match self {
                    $(PosInner::$v(b) => {
                        let (e, s, h) = &**b;
                        PosInner::$v(Box::new((e.clone(), *s, h.clone())))
                    })*
                }
            }

            /// Keeps this position's room (its box, and its history's)
            /// where both run on the same width.
            fn clone_from(&mut self, source: &PosInner) {
                match (self, source) {
                    $((PosInner::$v(b), PosInner::$v(sb)) => {
                        let ((e, s, h), (se, ss, sh)) = (&mut **b, &**sb);
                        if !Arc::ptr_eq(e, se) {
                            *e = se.clone();
                        }
                        *s = *ss;
                        h.clone_from(sh);
                    })*
                    (me, _) => *me = source.clone(),
                }
            }
        }

        /// A position's state and the length of its history, to go back to.
        #[allow(clippy::large_enum_variant)]
        #[derive(Clone, Copy, Debug)]
        pub(crate) enum MarkInner {
            $($v(u64, State<$t>, usize),)*
        }

        impl Position {
            /// Where the position stands now, to come back to with
            /// [`Position::back_to`] (the state is copied, the history is
            /// not: a mark is small).
            pub fn mark(&self) -> Mark {
                match &self.0 {
                    $(PosInner::$v(b) => {
                        let (e, s, h) = &**b;
                        Mark(MarkInner::$v(e.id, *s, h.len()))
                    })*
                }
            }

            /// Goes back to a mark taken earlier on this line of play (the
            /// moves since are undone). A mark of another game, or of a
            /// position this line of play did not pass through, is refused.
            pub fn back_to(&mut self, mark: &Mark) -> Result<(), BackError> {
                #[allow(unreachable_patterns)]
                match (&mut self.0, &mark.0) {
                    $((PosInner::$v(b), MarkInner::$v(id, ms, n)) => {
                        let (e, s, h) = &mut **b;
                        if *id != e.id
                            || !h.get(*n).map_or(*n == h.len() && s.hash == ms.hash, |x| x.hash == ms.hash)
                        {
                            return Err(BackError);
                        }
                        *s = *ms;
                        h.truncate(*n, e.monotone);
                        Ok(())
                    })*
                    _ => Err(BackError),
                }
            }
        }

        $(impl Tier for $t {
            fn position(e: Arc<Engine<Self>>, s: State<Self>, h: Line) -> PosInner {
                PosInner::$v(Box::new((e, s, h)))
            }
            fn game(e: Arc<Engine<Self>>) -> GameInner {
                GameInner::$v(e)
            }
            #[cfg(test)]
            #[allow(unreachable_patterns)]
            fn state_of(p: &PosInner) -> Option<&State<Self>> {
                match p {
                    PosInner::$v(b) => Some(&b.1),
                    _ => None,
                }
            }
        })*

        /// Builds the engine on the narrowest square set that holds the board.
        fn build_engine(model: Model, graph: RuleGraph) -> GameInner {
            let n = model.board.len();
            $(if n <= $n {
                return GameInner::$v(Arc::new(Engine::build(model, graph)));
            })*
            unreachable!("the checker refuses boards of more than {} squares", crate::compile::board::MAX_SQUARES)
        }

        /// Runs `$body` with the engine `$e`, state `$s` and history `$h` of
        /// a position, whatever its square-set width.
        macro_rules! on_pos {
            (&mut $pos:expr, |$e:ident, $s:ident, $h:ident| $body:expr) => {
                match &mut $pos {
                    $($crate::game::PosInner::$v(b) => {
                        let ($e, $s, $h) = &mut **b;
                        $body
                    })*
                }
            };
            ($pos:expr, |$e:ident, $s:ident, $h:ident| $body:expr) => {
                match $pos {
                    $($crate::game::PosInner::$v(b) => {
                        let ($e, $s, $h) = &**b;
                        $body
                    })*
                }
            };
        }

        /// Runs `$body` with the engine `$e` of a game, whatever its
        /// square-set width.
        macro_rules! on_game {
            ($game:expr, |$e:ident| $body:expr) => {
                match $game {
                    $($crate::game::GameInner::$v($e) => $body,)*
                }
            };
        }
    };
}
tiers!(declare);
#[allow(unused_imports)]
pub(crate) use on_game;
pub(crate) use on_pos;

/// What the history `h`'s filter of keys says of the position `s`: surely
/// new, or to be counted by a search back.
#[inline]
fn seen_here<B: crate::bits::Bits>(e: &Engine<B>, s: &State<B>, h: &Line) -> Seen<'static> {
    if h.may_hold(s.hash, s.men(), e.monotone) {
        Seen::Unknown
    } else {
        Seen::New
    }
}

/// A square-set width a game can run on: wraps an engine and state of it
/// as a position.
pub(crate) trait Tier: crate::bits::Bits {
    /// The position of this engine, state and history.
    fn position(e: Arc<Engine<Self>>, s: State<Self>, h: Line) -> PosInner;
    /// The game of this engine.
    fn game(e: Arc<Engine<Self>>) -> GameInner;
    /// The state of a position, if it runs on this width.
    #[cfg(test)]
    fn state_of(p: &PosInner) -> Option<&State<Self>>;
}

/// What [`Position::append_small_codes_and_outcome`] found.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Listed {
    /// Every legal move's code is appended to the list, and the result if
    /// an end rule holds (then none is appended).
    Codes(Option<Outcome>),
    /// Some legal move's code does not fit an `i64` (a move in parts, a
    /// series of jumps): none is appended (the list is as it was before the
    /// call), and the moves themselves are to be listed
    /// ([`Position::moves_and_outcome_into`]).
    TooWide,
}

/// A compiled game.
#[derive(Clone, Debug)]
pub struct Game(pub(crate) GameInner);

/// A position in a game: the state, and the positions that came before it
/// (for repetition rules). `clone_from` keeps the room its history had, so
/// that a loop starting games again from one start allocates nothing.
#[derive(Debug)]
pub struct Position(pub(crate) PosInner);

impl Clone for Position {
    fn clone(&self) -> Position {
        Position(self.0.clone())
    }

    fn clone_from(&mut self, source: &Position) {
        self.0.clone_from(&source.0);
    }
}

/// A position to come back to ([`Position::mark`], [`Position::back_to`]):
/// an undo.
#[derive(Clone, Copy, Debug)]
pub struct Mark(MarkInner);

/// A mark that is not of this position's line of play.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
#[error("the mark is not of this game, or comes after this position")]
pub struct BackError;

/// Why a move was not played.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum PlayError {
    /// The game has ended.
    #[error("the game is over: {0}")]
    GameOver(Outcome),
    /// The move is not legal here.
    #[error("{0}")]
    Illegal(String),
}

impl Game {
    pub(crate) fn new(model: Model, graph: RuleGraph) -> Game {
        Game(build_engine(model, graph))
    }

    /// What the game file says, resolved.
    pub fn model(&self) -> &Model {
        on_game!(&self.0, |e| &e.model)
    }

    /// Whether two of the game's rules can make moves that read alike (two
    /// drop rules that put the same piece on the same square, two rules of
    /// a piece that move it between the same squares doing different
    /// things): the notation numbers them (`@b2/2`, `a1a2/2`).
    pub(crate) fn has_alike_rules(&self) -> bool {
        on_game!(&self.0, |e| e.alike.iter().any(|&a| a))
    }

    /// The rule graph.
    pub fn graph(&self) -> &RuleGraph {
        on_game!(&self.0, |e| &e.graph)
    }

    /// The game's name.
    pub fn name(&self) -> &str {
        &self.model().name
    }

    /// The start position.
    pub fn start(&self) -> Position {
        on_game!(&self.0, |e| Position(Tier::position(
            e.clone(),
            e.start,
            Line::default()
        )))
    }

    /// The size of one game state in bytes (what a move copies).
    pub fn state_size(&self) -> usize {
        on_game!(&self.0, |e| std::mem::size_of_val(&e.start))
    }

    /// The squares move rule `rule` (an index into the model's moves) reaches
    /// from `from` for `player` on an empty board (a hopper: anywhere it could
    /// land beyond some hurdle), whatever its conditions and whatever it may
    /// land on; none if the rule may not start there.
    pub fn reach_on_empty_board(&self, player: usize, rule: usize, from: usize) -> Vec<usize> {
        use crate::bits::Bits;
        on_game!(&self.0, |e| {
            let mut out = Vec::new();
            let Ok(sq) = Sq::try_from(from) else {
                return out;
            };
            for g in e.gens.get(player).into_iter().flatten() {
                if usize::from(g.rule) == rule && g.from_mask.has(sq) {
                    let r = e.potential(g, sq);
                    out.extend(r.iter().map(usize::from));
                }
            }
            out.sort_unstable();
            out.dedup();
            out
        })
    }

    /// Whether the game runs on 64-bit square sets (else wider ones).
    pub fn is_small(&self) -> bool {
        matches!(self.0, GameInner::Small(_))
    }
}

impl Position {
    /// The game this position belongs to.
    pub fn game(&self) -> Game {
        on_pos!(&self.0, |e, _s, _h| Game(Tier::game(e.clone())))
    }

    /// The model of the game.
    pub fn model(&self) -> &Model {
        on_pos!(&self.0, |e, _s, _h| &e.model)
    }

    /// The player to move (0 for the first).
    pub fn side_to_move(&self) -> usize {
        on_pos!(&self.0, |_e, s, _h| s.side as usize)
    }

    /// Whether the player to move is in the middle of a turn: the move
    /// before was theirs and continues the turn (`(continue ...)`).
    pub fn mid_turn(&self) -> bool {
        on_pos!(&self.0, |_e, s, _h| s.part != 0)
    }

    /// Whether some move of the game continues the turn: then a turn may be
    /// several plies, and [`crate::perft::perft`] counts whole turns.
    pub fn has_parts(&self) -> bool {
        on_pos!(&self.0, |e, _s, _h| e.has_parts)
    }

    /// The phase before normal play the position is in, if any.
    pub fn phase(&self) -> Option<&crate::compile::model::PhaseDef> {
        on_pos!(&self.0, |e, s, _h| e.model.phases.get(s.phase as usize))
    }

    /// Moves the player to move still makes in a row in the current phase.
    pub fn phase_moves_left(&self) -> u32 {
        on_pos!(&self.0, |_e, s, _h| u32::from(s.phase_left))
    }

    /// The player who made the last move (for a start position: the player
    /// before the first).
    pub fn last_mover(&self) -> usize {
        on_pos!(&self.0, |_e, s, _h| usize::from(s.mover))
    }

    /// Plies played since the start.
    pub fn ply(&self) -> u32 {
        on_pos!(&self.0, |_e, s, _h| s.ply)
    }

    /// The legal moves, in generation order (empty when the game is over).
    pub fn legal_moves(&self) -> Vec<Move> {
        if self.outcome().is_some() {
            return Vec::new();
        }
        self.rule_moves()
    }

    /// Whether a move of rule `rule` (an index into the model's moves) can
    /// read like another legal move, made by another rule (then the
    /// notation numbers them).
    pub(crate) fn rule_alike(&self, rule: u8) -> bool {
        on_pos!(&self.0, |e, _s, _h| e
            .alike
            .get(usize::from(rule))
            .copied()
            .unwrap_or(false))
    }

    /// The moves the rules allow, ignoring whether the game has ended.
    pub(crate) fn rule_moves(&self) -> Vec<Move> {
        let mut v = Vec::new();
        on_pos!(&self.0, |e, s, h| e.legal_moves(s, h, &mut v));
        v
    }

    /// Whether the player to move is in check.
    pub fn in_check(&self) -> bool {
        on_pos!(&self.0, |e, s, _h| e.in_check(s, s.side))
    }

    /// Whether a player (0 for the first) has a royal piece under attack.
    pub fn is_checked(&self, player: usize) -> bool {
        on_pos!(&self.0, |e, s, _h| u8::try_from(player).is_ok_and(
            |p| usize::from(p) < e.model.players.len() && e.in_check(s, p)
        ))
    }

    /// The legal moves and the result at once, with one listing of the
    /// moves (which the end rules that ask whether the player to move has
    /// any then read): the moves and `None` while the game goes on, no
    /// moves and the result once it is over. What [`Position::legal_moves`]
    /// and [`Position::outcome`] give apart, for less.
    pub fn moves_and_outcome(&self) -> (Vec<Move>, Option<Outcome>) {
        let mut v = Vec::new();
        let outcome = self.moves_and_outcome_into(&mut v);
        (v, outcome)
    }

    /// [`Position::moves_and_outcome`] into a list the caller keeps (it is
    /// cleared first, and left empty once the game is over): the result.
    /// A loop over many positions reuses one list's room.
    pub fn moves_and_outcome_into(&self, moves: &mut Vec<Move>) -> Option<Outcome> {
        moves.clear();
        on_pos!(&self.0, |e, s, h| {
            e.legal_moves(s, h, moves);
            let o = e
                .ending_seen(s, h, Some(!moves.is_empty()), seen_here(e, s, h))
                .map(|(o, _)| o);
            if o.is_some() {
                moves.clear();
            }
            o
        })
    }

    /// [`Position::moves_and_outcome_into`] for bindings whose moves are
    /// integers: each legal move as its [`Move::small_code`], made as it
    /// is found (no list of moves to convert afterwards), appended to
    /// `codes` (what it held stays: many positions' codes can stand in one
    /// list, one after the other). None is appended once the game is over,
    /// or where some code does not fit.
    pub fn append_small_codes_and_outcome(&self, codes: &mut Vec<i64>) -> Listed {
        use crate::engine::MoveSink;
        let base = codes.len();
        let mut sink = crate::engine::SmallCodes {
            codes,
            base,
            wide: false,
        };
        on_pos!(&self.0, |e, s, h| {
            e.legal_moves(s, h, &mut sink);
            if sink.wide {
                sink.clear();
                return Listed::TooWide;
            }
            let o = e
                .ending_seen(s, h, Some(!sink.is_empty()), seen_here(e, s, h))
                .map(|(o, _)| o);
            if o.is_some() {
                sink.clear();
            }
            Listed::Codes(o)
        })
    }

    /// The result, if an end rule holds.
    pub fn outcome(&self) -> Option<Outcome> {
        self.ending().map(|(o, _)| o)
    }

    /// The result and the index of the end rule that gave it.
    pub fn ending(&self) -> Option<(Outcome, usize)> {
        on_pos!(&self.0, |e, s, h| e.ending_seen(
            s,
            h,
            None,
            seen_here(e, s, h)
        ))
    }

    /// Plays a move after checking that it is legal here.
    pub fn play(&mut self, m: Move) -> Result<(), PlayError> {
        if let Some(o) = self.outcome() {
            return Err(PlayError::GameOver(o));
        }
        if !self.rule_moves().contains(&m) {
            return Err(PlayError::Illegal(crate::notation::explain_refusal(
                self, m,
            )));
        }
        self.play_unchecked(m);
        Ok(())
    }

    /// Plays a move without checking it. It must be one of [`Position::legal_moves`].
    pub fn play_unchecked(&mut self, m: Move) {
        on_pos!(&mut self.0, |e, s, h| {
            let entry = e.hist_entry_seen(s, h, seen_here(e, s, h), None);
            h.push(entry, e.monotone);
            e.make(s, m);
        });
    }

    /// A player's score (`(addScore ...)`; 0 in games without scores).
    pub fn score(&self, player: usize) -> i64 {
        on_pos!(&self.0, |e, s, _h| if player < usize::from(e.players()) {
            i64::from(s.score[player])
        } else {
            0
        })
    }

    /// How many pieces of a kind a player holds in hand, off the board.
    pub fn in_hand(&self, player: usize, kind: usize) -> usize {
        on_pos!(
            &self.0,
            |e, s, _h| match (u8::try_from(player), u8::try_from(kind)) {
                (Ok(p), Ok(k)) if p < e.players() => usize::from(s.in_hand(p, k)),
                _ => 0,
            }
        )
    }

    /// The squares a series of jumps lands on, in order (empty for any
    /// other move).
    pub fn landings(&self, m: Move) -> Vec<usize> {
        if m.jumps().len() == 0 {
            return Vec::new();
        }
        on_pos!(&self.0, |e, s, _h| e
            .series_hops(s, m)
            .into_iter()
            .map(|(_, land)| land as usize)
            .collect())
    }

    /// What stands on a square: (kind of piece, owner).
    pub fn piece_at(&self, sq: usize) -> Option<(usize, usize)> {
        on_pos!(&self.0, |e, s, _h| {
            if sq >= e.squares() {
                return None;
            }
            let c = s.at(sq as Sq);
            (c != crate::state::EMPTY).then(|| {
                (
                    crate::state::code_piece(c) as usize,
                    crate::state::code_player(c) as usize,
                )
            })
        })
    }

    /// The square the piece on `sq` started on, as rules such as
    /// `(atStart ...)`, `(absent ...)` and `(origin)` read it; `None` for an
    /// empty square, an unknown start, or a game whose rules never ask.
    pub fn origin(&self, sq: usize) -> Option<usize> {
        on_pos!(&self.0, |e, s, _h| {
            let q = Sq::try_from(sq).ok()?;
            if !e.uses_origin || sq >= e.squares() || s.at(q) == crate::state::EMPTY {
                return None;
            }
            let o = s.origin_of(q);
            (o != crate::state::NO_SQ).then_some(usize::from(o))
        })
    }

    /// The same position with no earlier positions: what a position
    /// string describes (repetition rules count from here).
    #[must_use]
    pub fn without_history(&self) -> Position {
        let mut p = self.clone();
        on_pos!(&mut p.0, |_e, _s, h| h.clear());
        p
    }

    /// The position's repetition key (board, player to move).
    pub fn key(&self) -> u64 {
        on_pos!(&self.0, |_e, s, _h| s.hash)
    }

    /// The value of the `i`-th `(pliesSince ...)` counter.
    pub fn counter(&self, i: usize) -> u32 {
        on_pos!(&self.0, |_e, s, _h| s
            .counters
            .get(i)
            .copied()
            .map_or(0, u32::from))
    }
}

impl fmt::Display for Position {
    /// The position string (see [`crate::position`]).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&crate::position::to_text(self))
    }
}

#[cfg(test)]
mod tests {
    #[test]
    fn a_mark_undoes_the_moves_since_and_refuses_other_lines() {
        let game = crate::build::compile_str("t.lud", crate::EXAMPLE).unwrap();
        let mut pos = game.start();
        let start = pos.mark();
        let first = pos.legal_moves()[0];
        pos.play(first).unwrap();
        let after_one = pos.mark();
        let (key, text) = (pos.key(), pos.to_string());
        for _ in 0..3 {
            let m = pos.legal_moves()[0];
            pos.play(m).unwrap();
        }
        pos.back_to(&after_one).unwrap();
        assert_eq!((pos.key(), pos.to_string(), pos.ply()), (key, text, 1));
        pos.back_to(&start).unwrap();
        assert_eq!(pos.to_string(), game.start().to_string());
        // Gone back past it: the mark after one move is of no position of
        // this line now, until the move is played again.
        let other = pos.legal_moves()[1];
        pos.play(other).unwrap();
        assert_eq!(pos.back_to(&after_one), Err(super::BackError));
        // Another game's mark.
        let chess =
            std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/games/chess.lud"))
                .unwrap();
        let chess = crate::build::compile_str("chess.lud", &chess).unwrap();
        assert_eq!(pos.back_to(&chess.start().mark()), Err(super::BackError));
        // Moves and result at once, as apart.
        let mut pos = chess.start();
        let mut rng = fastrand::Rng::with_seed(2);
        // A kept list holds stale moves from another position at first.
        let mut kept = chess.start().legal_moves();
        kept.reverse();
        for _ in 0..300 {
            let (moves, outcome) = pos.moves_and_outcome();
            assert_eq!(
                (moves.clone(), outcome.clone()),
                (pos.legal_moves(), pos.outcome())
            );
            assert_eq!(pos.moves_and_outcome_into(&mut kept), outcome);
            assert_eq!(kept, moves);
            if moves.is_empty() {
                break;
            }
            pos.play_unchecked(moves[rng.usize(..moves.len())]);
        }
    }

    #[test]
    fn clone_from_gives_the_source_with_its_history() {
        let read = |name: &str| {
            let path = format!("{}/games/{name}", env!("CARGO_MANIFEST_DIR"));
            crate::build::compile_str(name, &std::fs::read_to_string(path).unwrap()).unwrap()
        };
        let chess = read("chess.lud");
        let play = |pos: &mut super::Position, text: &str| {
            let m = crate::notation::parse_move(pos, text).unwrap();
            pos.play(m).unwrap();
        };
        // A long game's position takes a short one's.
        let mut long = chess.start();
        let mut rng = fastrand::Rng::with_seed(5);
        for _ in 0..60 {
            let moves = long.legal_moves();
            if moves.is_empty() {
                break;
            }
            long.play_unchecked(moves[rng.usize(..moves.len())]);
        }
        let mut short = chess.start();
        for m in ["e2e4", "e7e5", "g1f3", "g8f6", "f3g1", "f6g8"] {
            play(&mut short, m);
        }
        long.clone_from(&short);
        let seen = |p: &super::Position| {
            (
                p.key(),
                p.to_string(),
                p.ply(),
                p.legal_moves(),
                p.outcome(),
            )
        };
        let same = |a: &super::Position, b: &super::Position| assert_eq!(seen(a), seen(b));
        same(&long, &short);
        // Its history is the source's: the position after 1. e4 e5 comes
        // back a third time after the same four moves in both, and both are
        // drawn there (the long game's own history would not have it).
        for m in ["g1f3", "g8f6", "f3g1", "f6g8"] {
            play(&mut long, m);
            play(&mut short, m);
            same(&long, &short);
        }
        assert!(long.outcome().is_some());
        // From a game on other square sets, a whole copy.
        let go = read("go.lud");
        long.clone_from(&go.start());
        same(&long, &go.start());
    }
}
