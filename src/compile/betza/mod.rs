//! (X)Betza piece notation: a notation string in, concrete move paths out.
//!
//! [`parse`] reads a string such as `mRcpR` (the Chinese-chess cannon) and returns
//! every way the piece can move, one [`BetzaMove`] per direction: a list of
//! [`BetzaLeg`]s with concrete vectors in the first player's frame (`+dy` is
//! forward, `+dx` is to the mover's right). The move generator lowers these
//! paths; nothing here knows about boards.
//!
//! # The dialect
//!
//! Sources: H. G. Muller's description of `XBetza` ("Betza notation
//! (extended)", chessvariants.com, and its comments), the move generator of
//! `XBoard` that implements it (`moves.c`), and Fairy-Stockfish's custom-piece
//! documentation (the header of `variants.ini`), its Betza reader and its
//! lame-leaper paths. Where the two read a string differently, this module
//! reads it like Fairy-Stockfish, because our move counts are checked against
//! it. Fairy-Stockfish has no multi-leg moves, so `a` follows `XBetza`. Where
//! the readings differ and neither is clearly right, the string is refused
//! with an error that says how to write it unambiguously.
//!
//! A notation is a sequence of atoms, each with its lower-case modifiers
//! before it and an optional range after it; the piece has the moves of all
//! of them (`fmWfcF`, `KN`).
//!
//! **Atoms** (vectors as `(dx, dy)` for the forward-right member):
//!
//! | atom | leap | | atom | leap |
//! |---|---|---|---|---|
//! | `W` wazir | (0,1) | | `F` ferz | (1,1) |
//! | `D` dabbaba | (0,2) | | `A` alfil | (2,2) |
//! | `H` threeleaper | (0,3) | | `G` tripper | (3,3) |
//! | `N` knight | (1,2) | | `C` = `L` camel | (1,3) |
//! | `Z` = `J` zebra | (2,3) | | `K` king | `W` + `F` |
//! | `R` rook | `WW` | | `B` bishop | `FF` |
//! | `Q` queen | `KK` (= `RB`) | | | |
//!
//! **Range:** a leaper leaps once. A number after the atom (`R4`, `W4`,
//! `N2`) lets it repeat the step up to that many times, riding over empty
//! squares; `0` or a doubled letter (`WW`, `NN`, `KK`) means no limit. The
//! number is 0 to 99, without leading zeros. `R4` is `W4`, `K2` is `Q2`.
//!
//! **Directions, first leg.** With no direction modifier an atom goes every
//! way. Otherwise the modifiers name the directions it keeps, and the sets
//! are joined. Two adjacent direction letters are read as one word when they
//! are the same letter (`ff` = `f`) or one is vertical (`f b v`, or `h`) and
//! the other sideways (`l r s`, or `h`), as Fairy-Stockfish does; so `fsN`
//! is one word and `fmsN` two.
//!
//! - Orthogonal atoms (`W D H R`): `f`, `b`, `l`, `r` are one direction each,
//!   `v` = `fb`, `s` = `lr`; a two-letter word is both letters (`fsW`: forward
//!   and sideways, the Chinese-chess soldier).
//! - Diagonal atoms (`F A G B`): `f`, `b`, `l`, `r` are a pair each (`fF`:
//!   both forward diagonals); `v` and `s` are all four; `fr`/`rf`, `fl`/`lf`,
//!   `br`/`rb`, `bl`/`lb` one diagonal; `fs` = `f`, `bs` = `b`, `rv` = `r`,
//!   `lv` = `l`.
//! - Oblique atoms (`N C Z`), for `N`: `f` = the two narrow forward moves
//!   (1,2) (-1,2) (the shogi knight `fN`), `b`, `l` (-2,±1), `r` likewise,
//!   `v` = `fb`, `s` = `lr`; `fs` = the wide forward pair (±2,1), `bs` the
//!   wide backward pair, `rv` = (1,±2), `lv` = (-1,±2); single moves: `fr`
//!   (2,1), `rf` (1,2), `fl` (-2,1), `lf` (-1,2), `br` (2,-1), `rb` (1,-2),
//!   `bl` (-2,-1), `lb` (-1,-2); halves: `fh` (the four forward moves), `bh`,
//!   `lh`, `rh`; chiral halves `hr` = (1,2) (2,-1) (-1,-2) (-2,1) and `hl` the
//!   other four.
//! - `K` and `Q`: single letters apply to both parts (`fK` = `fWfF`, three
//!   moves, as in Fairy-Stockfish; `XBetza` would read one). Two-letter
//!   words on `K`/`Q` are refused (the two programs disagree): write the parts
//!   apart, e.g. `frF`.
//! - `h` belongs to oblique atoms only; `sf`, `sb`, `vr`, `vl`, `vs`, `sv` and
//!   other words no program agrees on are refused with a suggestion.
//!
//! **Modes:** `m` moves to an empty square only, `c` captures only; neither
//! or both means either (`LegMode::Both`). **Hoppers** (riding atoms only):
//! `p` must jump exactly one piece, the hurdle, and lands anywhere beyond it
//! up to the next piece (`cpR`, the cannon's capture); `g` lands right behind
//! the hurdle (`gQ`, the grasshopper). A range on a hopper counts every step
//! of the leg, hurdle included (`pR3` lands at most 3 squares away).
//! **Lame leaps:** `n` makes a leap non-jumping. The path follows
//! Fairy-Stockfish: straight steps while the remaining leap is longer in
//! that direction, then diagonal steps, every square on the way empty:
//! `nN` (1,2) = (0,1) then (1,1) (the Chinese-chess horse), `nA` = (1,1) (1,1) (the
//! Chinese-chess elephant), `nD` = (0,1) (0,1), `nZ` (2,3) = (0,1) (1,1) (1,1) (the
//! janggi elephant). On one-square atoms `n` changes nothing.
//! **Initial:** `i` marks a move only a piece that has not moved may make
//! (`ifmnD`, the pawn's double step). It must not capture: Fairy-Stockfish
//! drops initial captures, so `iD` is refused (write `imD`).
//!
//! **Multi-leg moves** (`XBetza`): `a` ends one leg's modifiers and starts
//! the next; all legs use the same atom and range. An earlier leg moves to an
//! empty square by default; `c` there captures and goes on (a locust
//! capture), `p` ends on any piece and jumps it (`LegMode::Hurdle`); several
//! give one move each. The last leg has the usual modes and hops. Directions
//! of a later leg are relative to the previous leg, in eight steps of 45
//! degrees: `f` straight on, `b` back, `r`/`l` a right angle, `fr`/`rf`,
//! `fl`/`lf` a 45-degree turn forward, `br`/`rb`, `bl`/`lb` a 135-degree turn,
//! `v` = `fb`, `s` = `lr`, `fs` = both 45-degree turns, `bs` both 135-degree
//! turns, `rv`, `lv` both turns to one side. A turn by an odd multiple of 45
//! degrees swaps orthogonal and diagonal steps of the same length (`W`↔`F`,
//! `D`↔`A`, `H`↔`G`, `R`↔`B`), so `mafsW` is W then F outward: the Chinese-chess
//! horse again, and `mafsmafW` the janggi elephant. A later leg with no
//! direction goes straight on or turns at a right angle (`f`, `l`, `r`), or
//! any way but back on `K`/`Q`. For oblique atoms a later leg must be `f`,
//! `b` or `v`. Two direction letters after `a` are read as `XBoard` reads
//! them: a word only when the first is `f`, `b`, `l` or `r`.
//!
//! **Order of the moves:** atoms left to right; within an atom, directions
//! clockwise from straight forward (for `N`: (1,2) (2,1) (2,-1) (1,-2) (-1,-2)
//! (-2,-1) (-2,1) (-1,2)); a later leg's turns clockwise from straight on;
//! the modes of an earlier leg in the order move, capture, hurdle. A move
//! equal to an earlier one (same legs, same `initial`) is left out, so `KW`
//! gives 8 moves, all with the span of `K`.
//!
//! **Not supported** (each a [`BetzaError`] naming it): the modifiers `d`
//! `e` `j` `k` `o` `q` `t` `u` `x` `y` `z`, doubled `nn` and `ii`, `g` on an
//! earlier leg, `n` on a rider longer than one square (`nNN`); the atoms `O`
//! (castling), `U`, `I`, `X`, coordinate leaps `(1,4)`, parentheses and
//! bracket chains (`[W-F]`).

mod atoms;
mod directions;
mod expand;
mod lex;
mod read;
#[cfg(test)]
mod tests;

use std::collections::HashSet;
use std::fmt;
use std::ops::Range;

use lex::lex;
use read::read_group;

/// One concrete way to move, in the first player's frame: +dy is forward
/// (towards the opponent), +dx is to the mover's right (for White: from file
/// a towards file h).
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct BetzaMove {
    /// The legs in order; the move ends where the last leg ends.
    pub legs: Vec<BetzaLeg>,
    /// Only a piece that has not moved yet may make this move (`i`).
    pub initial: bool,
    /// The bytes of the atom, with its modifiers and range, that gave it.
    pub span: Range<usize>,
}

/// One leg: `step` repeated between `min` and `max` times (max None: until
/// blocked/the edge).
///
/// Every square the leg passes before its end must be empty, except for the
/// one hurdle of a hopping leg. `min` is always 1 in this dialect.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct BetzaLeg {
    /// The step across files, + to the mover's right.
    pub dx: i32,
    /// The step across ranks, + forward.
    pub dy: i32,
    /// The fewest steps.
    pub min: u32,
    /// The most steps (`None`: no limit). On a hopping leg it counts every
    /// step of the leg, the hurdle's square included.
    pub max: Option<u32>,
    /// What the square where the leg ends may hold.
    pub mode: LegMode,
    /// Whether the leg hops (only ever on the last leg).
    pub hop: Hop,
}

/// What the square where a leg ends may hold. Last leg: Move (empty only),
/// Capture (enemy only), Both (empty or enemy; the default). Earlier legs:
/// Move (must be empty; the default), Capture (an enemy piece there is
/// captured and the move goes on: a locust capture), Hurdle (any piece, which
/// is jumped over and stays).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum LegMode {
    /// An empty square.
    Move,
    /// An enemy piece, captured.
    Capture,
    /// An empty square or an enemy piece (last leg only).
    Both,
    /// Any piece, jumped over and left in place (earlier legs only).
    Hurdle,
    /// `e`: an empty square the opponent's last move passed over, taking the
    /// piece that passed (en passant; last leg only).
    EnPassant,
}

/// Hopping along a riding leg: None; Hop (`p`: the leg must pass over
/// exactly one occupied square, the hurdle, and may land anywhere beyond it
/// up to the next piece); Grasshop (`g`: lands on the square right after the
/// first occupied one).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Hop {
    /// No hopping: the leg stops at the first piece in its way.
    None,
    /// `p`: over exactly one piece, landing anywhere beyond it.
    Hop,
    /// `g`: over the first piece, landing right behind it.
    Grasshop,
}

/// A mistake in the notation: where (byte range within the notation string),
/// what is wrong, what to do.
///
/// Displayed as its message, e.g. ``"`j` (must jump) is not supported"``.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct BetzaError {
    /// The bytes of the notation the mistake is in.
    pub span: Range<usize>,
    /// What is wrong, naming what was found.
    pub message: String,
    /// What to do about it.
    pub help: String,
}

impl fmt::Display for BetzaError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.message)
    }
}

impl std::error::Error for BetzaError {}

/// The most legs one move may have (`a` separates them).
const MAX_LEGS: usize = 8;
/// The most moves one atom may give before it is refused.
const MAX_MOVES_PER_ATOM: usize = 1024;
/// The largest range.
const MAX_RANGE: u32 = 99;

const ATOM_HELP: &str = "the atoms are W F D N A H C (or L) Z (or J) G and K R B Q; \
                         modifiers are lower case, before the atom";
const MODIFIER_HELP: &str =
    "supported modifiers: f b l r v s h (directions), m c (move, capture), \
                             p g (hop), n (lame), i (first move only), a (another leg)";

/// Reads a notation; every error found, not just the first.
///
/// ```
/// use lud::compile::betza::{parse, LegMode};
/// let cannon = parse("mRcpR").unwrap();
/// assert_eq!(cannon.len(), 8);
/// assert_eq!(cannon[0].legs[0].mode, LegMode::Move);
/// assert!(parse("jR").is_err());
/// ```
pub fn parse(text: &str) -> Result<Vec<BetzaMove>, Vec<BetzaError>> {
    if text.is_empty() {
        return Err(vec![error(
            0..0,
            "empty piece notation",
            "write at least one atom, such as `K` (king), `N` (knight) or `fmWfcF` (the old Persian pawn)",
        )]);
    }
    let mut errors = Vec::new();
    let groups = lex(text, &mut errors);
    let mut moves = Vec::new();
    let mut seen = HashSet::new();
    for group in &groups {
        let Some((initial, paths)) = read_group(text, group, &mut errors) else {
            continue;
        };
        for legs in paths {
            if seen.insert((legs.clone(), initial)) {
                moves.push(BetzaMove {
                    legs,
                    initial,
                    span: group.span.clone(),
                });
            }
        }
    }
    if errors.is_empty() {
        Ok(moves)
    } else {
        errors.sort_by_key(|e| (e.span.start, e.span.end));
        Err(errors)
    }
}

fn error(span: Range<usize>, message: impl Into<String>, help: impl Into<String>) -> BetzaError {
    BetzaError {
        span,
        message: message.into(),
        help: help.into(),
    }
}
