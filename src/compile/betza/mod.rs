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

use std::collections::HashSet;
use std::fmt;
use std::ops::Range;

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

// ---------------------------------------------------------------------------
// Atoms and their geometry.

/// The steps of an atom, in eight directions numbered clockwise from forward.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Shape {
    /// Straight steps of this length (`W` `D` `H`; `R` rides `W`).
    Orth(i32),
    /// Diagonal steps of this length (`F` `A` `G`; `B` rides `F`).
    Diag(i32),
    /// Both one-square steps (`K`; `Q` rides it).
    King,
    /// Oblique leaps (short, long): `N` (1,2), `C` (1,3), `Z` (2,3).
    Oblique(i32, i32),
}

impl Shape {
    /// The step in direction `index` (0..8). For compass shapes the index is
    /// a compass direction (even: orthogonal, odd: diagonal, whatever the
    /// atom, which is how a 45-degree turn swaps `W` and `F`); for oblique
    /// ones it counts the eight leaps clockwise from (short, long).
    fn step(self, index: usize) -> (i32, i32) {
        let index = index % 8;
        // The compass directions clockwise from forward, as the board has them.
        let (dx, dy) = super::board::Dir(index as u8).delta();
        match self {
            Shape::Orth(d) | Shape::Diag(d) => (dx * d, dy * d),
            Shape::King => (dx, dy),
            Shape::Oblique(s, l) => [
                (s, l),
                (l, s),
                (l, -s),
                (s, -l),
                (-s, -l),
                (-l, -s),
                (-l, s),
                (-s, l),
            ][index],
        }
    }

    /// Every direction of the atom.
    fn all(self) -> u8 {
        match self {
            Shape::Orth(_) => 0x55,
            Shape::Diag(_) => 0xAA,
            Shape::King | Shape::Oblique(..) => 0xFF,
        }
    }
}

/// An atom letter: its shape and whether it rides without limit by itself.
fn atom(letter: char) -> Option<(Shape, bool)> {
    Some(match letter {
        'W' => (Shape::Orth(1), false),
        'D' => (Shape::Orth(2), false),
        'H' => (Shape::Orth(3), false),
        'F' => (Shape::Diag(1), false),
        'A' => (Shape::Diag(2), false),
        'G' => (Shape::Diag(3), false),
        'N' => (Shape::Oblique(1, 2), false),
        'C' | 'L' => (Shape::Oblique(1, 3), false),
        'Z' | 'J' => (Shape::Oblique(2, 3), false),
        'K' => (Shape::King, false),
        'R' => (Shape::Orth(1), true),
        'B' => (Shape::Diag(1), true),
        'Q' => (Shape::King, true),
        _ => return None,
    })
}

/// What an upper-case letter that is not a supported atom means, if it
/// means something in `XBetza`.
fn unsupported_atom(letter: char) -> Option<&'static str> {
    Some(match letter {
        'O' => "`O` (castling)",
        'U' => "`U` (universal leaper)",
        'I' => "`I` (imitator)",
        'X' => "`X` (extended leap, as in `FX`)",
        _ => return None,
    })
}

/// What a lower-case letter that is not a supported modifier means in
/// `XBetza`, if anything.
fn unsupported_modifier(letter: u8) -> Option<&'static str> {
    Some(match letter {
        b'd' => "`d` (capture a friendly piece)",
        b'j' => "`j` (must jump)",
        b'k' => "`k` (royal move)",
        b'o' => "`o` (wrap around a cylinder board)",
        b'q' => "`q` (circular move)",
        b't' => "`t` (hop over own pieces only)",
        b'u' => "`u` (unload a captured piece)",
        b'x' => "`x` (borrowed moves)",
        b'y' => "`y` (range toggle)",
        b'z' => "`z` (crooked move)",
        _ => return None,
    })
}

// ---------------------------------------------------------------------------
// Splitting the text into atoms with their modifiers.

/// One atom with its modifiers and range, as written.
struct Group {
    /// The modifier letters before the atom, with their byte offsets.
    mods: Vec<(usize, u8)>,
    /// Where the atom letter is.
    atom_at: usize,
    /// The atom letter.
    atom: char,
    /// The atom letter is doubled (`NN`).
    doubled: bool,
    /// The range digits, if any.
    digits: Option<Range<usize>>,
    /// Modifiers, atom and range.
    span: Range<usize>,
}

/// Splits the text into groups; whatever belongs to no group is an error.
fn lex(text: &str, errors: &mut Vec<BetzaError>) -> Vec<Group> {
    let chars: Vec<(usize, char)> = text.char_indices().collect();
    // The byte where character `j` starts (the text's end past the last one).
    let at = |j: usize| chars.get(j).map_or(text.len(), |&(at, _)| at);
    let mut groups = Vec::new();
    let mut mods: Vec<(usize, u8)> = Vec::new();
    let mut j = 0;
    while let Some(&(start, c)) = chars.get(j) {
        if c.is_ascii_lowercase() {
            mods.push((start, c as u8));
            j += 1;
            continue;
        }
        if c.is_ascii_uppercase() {
            j += 1;
            let doubled = chars.get(j).is_some_and(|&(_, d)| d == c);
            if doubled {
                j += 1;
            }
            let first_digit = j;
            while chars.get(j).is_some_and(|&(_, d)| d.is_ascii_digit()) {
                j += 1;
            }
            let digits = (j > first_digit).then(|| at(first_digit)..at(j));
            let span = mods.first().map_or(start, |m| m.0)..at(j);
            groups.push(Group {
                mods: std::mem::take(&mut mods),
                atom_at: start,
                atom: c,
                doubled,
                digits,
                span,
            });
            continue;
        }
        orphan_modifiers(&mut mods, errors);
        if c.is_ascii_digit() {
            let first = j;
            while chars.get(j).is_some_and(|&(_, d)| d.is_ascii_digit()) {
                j += 1;
            }
            let span = at(first)..at(j);
            errors.push(error(
                span.clone(),
                format!("range `{}` has no atom before it", &text[span]),
                "a range follows its atom, as in `R4`",
            ));
            continue;
        }
        j += 1;
        errors.push(stray(c, start..at(j)));
    }
    orphan_modifiers(&mut mods, errors);
    groups
}

/// Modifiers that no atom follows.
fn orphan_modifiers(mods: &mut Vec<(usize, u8)>, errors: &mut Vec<BetzaError>) {
    let (Some(&(first, _)), Some(&(last, letter))) = (mods.first(), mods.last()) else {
        return;
    };
    let written: String = mods.iter().map(|&(_, c)| char::from(c)).collect();
    let upper = letter.to_ascii_uppercase() as char;
    let help = if atom(upper).is_some() {
        format!(
            "did you mean `{}{upper}`? atoms are capital letters",
            &written[..written.len() - 1]
        )
    } else {
        format!("put an atom after the modifiers, as in `{written}W`; {ATOM_HELP}")
    };
    errors.push(error(
        first..last + 1,
        format!("`{written}` has no atom after it"),
        help,
    ));
    mods.clear();
}

/// A character that cannot appear outside a group.
fn stray(c: char, span: Range<usize>) -> BetzaError {
    match c {
        '(' | ')' => error(
            span,
            "grouping with parentheses is not supported",
            "write each move out in full: `fmWfcF` rather than `f(mWcF)`",
        ),
        '[' | ']' | '-' | '?' => error(
            span,
            format!("`{c}`: bracket chains are not supported"),
            "chain legs with `a` instead, as in `mafsW`",
        ),
        c if c.is_whitespace() => error(
            span,
            "space in a piece notation",
            "write the atoms together, without spaces: `mRcpR`",
        ),
        c => error(
            span,
            format!("`{c}` cannot appear in a piece notation"),
            ATOM_HELP,
        ),
    }
}

// ---------------------------------------------------------------------------
// Reading one group.

/// The modifiers of one leg.
#[derive(Default)]
struct LegMods {
    /// Direction letters with their byte offsets.
    dirs: Vec<(usize, u8)>,
    /// `m` was written.
    m: bool,
    /// `c` was written.
    c: bool,
    /// Where `e` was written.
    e: Option<usize>,
    /// Where `p` was written.
    p: Option<usize>,
    /// Where `g` was written.
    g: Option<usize>,
    /// Where `n` was written.
    n: Option<usize>,
    /// The bytes of this leg's modifiers, the `a` before it included.
    span: Range<usize>,
}

/// A direction word: one letter, or two read together.
#[derive(Debug, Clone, Copy)]
struct Word {
    at: usize,
    first: u8,
    second: Option<u8>,
}

impl Word {
    fn span(self) -> Range<usize> {
        self.at..self.at + 1 + usize::from(self.second.is_some())
    }

    fn text(self) -> String {
        let mut s = String::from(char::from(self.first));
        if let Some(b) = self.second {
            s.push(char::from(b));
        }
        s
    }
}

/// How an earlier or the last leg ends.
enum Ending {
    /// An earlier leg: one move per mode.
    Inner(Vec<LegMode>),
    /// The last leg.
    Last(LegMode, Hop),
}

/// One leg, resolved.
struct Plan {
    /// Directions: absolute for the first leg, relative after it.
    mask: u8,
    /// The modes and hops to try, one move each.
    endings: Vec<(LegMode, Hop)>,
    /// Lame (`n`).
    lame: bool,
}

/// Reads one group into its paths, or records why not.
fn read_group(
    text: &str,
    group: &Group,
    errors: &mut Vec<BetzaError>,
) -> Option<(bool, Vec<Vec<BetzaLeg>>)> {
    let before = errors.len();
    let atom_span = group.atom_at..group.atom_at + 1;
    let found = atom(group.atom);
    if found.is_none() {
        errors.push(match unsupported_atom(group.atom) {
            Some(what) if group.atom == 'O' => error(
                atom_span.clone(),
                format!("{what} is not supported"),
                "castling is a move ludeme of its own: `(castle \"Rook\" steps:2)` beside the piece's other moves",
            ),
            Some(what) => error(
                atom_span.clone(),
                format!("{what} is not supported"),
                ATOM_HELP,
            ),
            None => error(
                atom_span.clone(),
                format!("`{}` is not a Betza atom", group.atom),
                ATOM_HELP,
            ),
        });
    }
    let max = read_range(text, group, found.is_some_and(|(_, rider)| rider), errors);
    let (legs, initial) = split_legs(group, errors);
    let (shape, _) = found?;
    let name = atom_name(text, group);

    let mut plans = Vec::with_capacity(legs.len());
    for (k, leg) in legs.iter().enumerate() {
        let later = k > 0;
        let last = k + 1 == legs.len();
        let mask = leg_mask(leg, shape, later, &name, errors);
        let ending = leg_ending(leg, last, max, group, &name, errors);
        if let Some(n) = leg.n {
            let long = shape.step(1).0.abs().max(shape.step(1).1.abs()) > 1;
            if long && max != Some(1) {
                errors.push(error(
                    n..n + 1,
                    format!("`n` on the rider `{name}` is not supported"),
                    "`n` makes a single leap lame (`nN`, `nA`, `nD`); a lame rider has no path of legs",
                ));
            }
        }
        let endings = match ending {
            Some(Ending::Last(mode, hop)) => vec![(mode, hop)],
            Some(Ending::Inner(modes)) => modes.into_iter().map(|m| (m, Hop::None)).collect(),
            None => Vec::new(),
        };
        plans.push(Plan {
            mask: mask.unwrap_or(0),
            endings,
            lame: leg.n.is_some(),
        });
    }
    if let Some(i) = initial {
        let captures = plans.iter().enumerate().any(|(k, plan)| {
            plan.endings.iter().any(|&(mode, _)| {
                mode == LegMode::Capture || (k + 1 == plans.len() && mode == LegMode::Both)
            })
        });
        if captures {
            errors.push(error(
                i..i + 1,
                "an initial move that can capture is not supported",
                format!(
                    "Fairy-Stockfish, which move counts are checked against, drops initial captures; \
                     add `m` for a first move to an empty square, as in `im{name}`"
                ),
            ));
        }
    }
    if errors.len() > before {
        return None;
    }
    let mut out = Vec::new();
    let mut acc = Vec::new();
    if !expand(shape, max, &plans, 0, 0, &mut acc, &mut out) {
        errors.push(error(
            group.span.clone(),
            format!(
                "`{}` gives more than {MAX_MOVES_PER_ATOM} moves",
                &text[group.span.clone()]
            ),
            "name fewer directions or modes in each leg, or use fewer legs",
        ));
        return None;
    }
    Some((initial.is_some(), out))
}

/// The atom as written, with its doubling and range (`NN`, `R4`).
fn atom_name(text: &str, group: &Group) -> String {
    text[group.atom_at..group.span.end].to_string()
}

/// The most steps of each leg (`None`: no limit).
fn read_range(text: &str, group: &Group, rider: bool, errors: &mut Vec<BetzaError>) -> Option<u32> {
    let letter = group.atom;
    let Some(span) = group.digits.clone() else {
        return if group.doubled || rider {
            None
        } else {
            Some(1)
        };
    };
    let digits = &text[span.clone()];
    if group.doubled {
        errors.push(error(
            group.atom_at..span.end,
            format!("`{letter}{letter}` rides without limit, and `{digits}` limits it"),
            format!(
                "write `{letter}{letter}` for no limit or `{letter}{digits}` for at most {digits} steps"
            ),
        ));
        return None;
    }
    if digits.len() > 1 && digits.starts_with('0') {
        errors.push(error(
            span,
            format!("range `{digits}` has a leading zero"),
            format!(
                "write `{letter}{}` (`{letter}0` means no limit)",
                digits.trim_start_matches('0')
            ),
        ));
        return None;
    }
    match digits.parse::<u32>() {
        Ok(0) => None,
        Ok(n) if n <= MAX_RANGE => Some(n),
        _ => {
            errors.push(error(
                span,
                format!("range `{digits}` is too large"),
                format!(
                    "a range is at most {MAX_RANGE}; for no limit write `{letter}0` or `{letter}{letter}`"
                ),
            ));
            None
        }
    }
}

/// Splits a group's modifiers into legs at each `a`, checking each letter.
/// Returns the legs and where `i` was written.
fn split_legs(group: &Group, errors: &mut Vec<BetzaError>) -> (Vec<LegMods>, Option<usize>) {
    let start = group.mods.first().map_or(group.atom_at, |m| m.0);
    let mut legs = vec![LegMods {
        span: start..start,
        ..LegMods::default()
    }];
    let mut initial = None;
    for &(at, letter) in &group.mods {
        let here = at..at + 1;
        if letter == b'a' {
            legs.push(LegMods {
                span: at..at + 1,
                ..LegMods::default()
            });
            continue;
        }
        let later = legs.len() > 1;
        let Some(leg) = legs.last_mut() else {
            continue;
        };
        leg.span.end = at + 1;
        match letter {
            b'f' | b'b' | b'l' | b'r' | b'v' | b's' | b'h' => leg.dirs.push((at, letter)),
            b'm' => leg.m = true,
            b'c' => leg.c = true,
            b'e' => leg.e = Some(at),
            b'p' => leg.p = Some(at),
            b'g' => leg.g = Some(at),
            b'n' if leg.n.is_some() => errors.push(error(
                here,
                "`nn` (a lame move that gives en-passant rights) is not supported",
                "write `n` once",
            )),
            b'n' => leg.n = Some(at),
            b'i' if later => errors.push(error(
                here,
                "`i` in a later leg",
                "put `i` before the first leg: it marks the whole move as a first move",
            )),
            b'i' if initial.is_some() => {
                errors.push(error(here, "`ii` is not supported", "write `i` once"));
            }
            b'i' => initial = Some(at),
            other => {
                let upper = other.to_ascii_uppercase() as char;
                errors.push(match unsupported_modifier(other) {
                    Some(what) => error(here, format!("{what} is not supported"), MODIFIER_HELP),
                    None if atom(upper).is_some() => error(
                        here,
                        format!("`{}` is not a Betza modifier", char::from(other)),
                        format!("did you mean the atom `{upper}`? atoms are capital letters"),
                    ),
                    None => error(
                        here,
                        format!("`{}` is not a Betza modifier", char::from(other)),
                        MODIFIER_HELP,
                    ),
                });
            }
        }
    }
    if legs.len() > MAX_LEGS {
        errors.push(error(
            group.span.clone(),
            format!("{} legs in one move", legs.len()),
            format!("a move has at most {MAX_LEGS} legs (`a` separates them)"),
        ));
    }
    (legs, initial)
}

/// Reads a leg's direction letters into words. The first leg pairs letters
/// as Fairy-Stockfish does, later legs as `XBoard` does.
fn words(dirs: &[(usize, u8)], later: bool) -> Vec<Word> {
    let vertical = |c: u8| matches!(c, b'f' | b'b' | b'v');
    let sideways = |c: u8| matches!(c, b'l' | b'r' | b's');
    let pairs = |a: u8, b: u8| {
        if later {
            matches!(a, b'f' | b'b' | b'l' | b'r')
                && (a == b || (vertical(a) && sideways(b)) || (sideways(a) && vertical(b)))
        } else {
            let v = |c| vertical(c) || c == b'h';
            let s = |c| sideways(c) || c == b'h';
            a == b || (v(a) && s(b)) || (s(a) && v(b))
        }
    };
    let mut out = Vec::new();
    let mut k = 0;
    while let Some(&(at, first)) = dirs.get(k) {
        let second = dirs
            .get(k + 1)
            .filter(|&&(next, b)| next == at + 1 && pairs(first, b))
            .map(|&(_, b)| b);
        k += 1 + usize::from(second.is_some());
        out.push(Word { at, first, second });
    }
    out
}

/// The directions a leg keeps: absolute for the first leg, relative to the
/// previous leg for later ones.
fn leg_mask(
    leg: &LegMods,
    shape: Shape,
    later: bool,
    name: &str,
    errors: &mut Vec<BetzaError>,
) -> Option<u8> {
    let words = words(&leg.dirs, later);
    if words.is_empty() {
        return match (later, shape) {
            (false, _) => Some(shape.all()),
            (true, Shape::King) => Some(0xEF),
            (true, Shape::Oblique(..)) => {
                errors.push(error(
                    leg.span.clone(),
                    format!("a later leg of `{name}` needs a direction"),
                    "a later leg of an oblique atom goes straight on (`f`), back (`b`) or either (`v`)",
                ));
                None
            }
            (true, _) => Some(0x45),
        };
    }
    let mut mask = 0;
    let mut ok = true;
    for word in words {
        match word_mask(word, shape, later, name) {
            Ok(m) => mask |= m,
            Err((message, help)) => {
                errors.push(error(word.span(), message, help));
                ok = false;
            }
        }
    }
    ok.then_some(mask)
}

/// The directions one word keeps, or what is wrong with it.
fn word_mask(word: Word, shape: Shape, later: bool, name: &str) -> Result<u8, (String, String)> {
    let a = word.first;
    // A doubled letter is the letter alone.
    let b = word.second.filter(|&b| b != a);
    let text = word.text();
    if later {
        if a == b'h' {
            return Err((
                format!("`{text}` in a later leg is not supported"),
                "`h` selects half of the moves of an oblique atom in a first leg; \
                 after `a`, name the turns with f, b, l, r, v, s"
                    .into(),
            ));
        }
        if let Shape::Oblique(..) = shape {
            return match (a, b) {
                (b'f', None) => Ok(0x01),
                (b'b', None) => Ok(0x10),
                (b'v', None) => Ok(0x11),
                _ => Err((
                    format!("`{text}` after `a` is not supported on `{name}`"),
                    "a later leg of an oblique atom goes straight on (`f`), back (`b`) or either (`v`)"
                        .into(),
                )),
            };
        }
        return Ok(relative(a, b));
    }
    let half = |letter: u8| {
        (
            format!("`{text}` on `{name}`: `h` (half) is for the 8 moves of N, C or Z"),
            if letter == b'h' {
                "name the directions with f, b, l, r, v, s".to_string()
            } else {
                format!("did you mean `{}`?", char::from(letter))
            },
        )
    };
    match shape {
        Shape::Orth(_) => {
            if a == b'h' || b == Some(b'h') {
                return Err(half(if a == b'h' { b.unwrap_or(b'h') } else { a }));
            }
            Ok(orthogonal(a) | b.map_or(0, orthogonal))
        }
        Shape::Diag(_) => {
            if a == b'h' || b == Some(b'h') {
                return Err(half(if a == b'h' { b.unwrap_or(b'h') } else { a }));
            }
            match b {
                None => Ok(match a {
                    b'f' => 0x82,
                    b'b' => 0x28,
                    b'r' => 0x0A,
                    b'l' => 0xA0,
                    _ => 0xAA,
                }),
                Some(b) => {
                    let m = relative(a, Some(b));
                    if is_reversed(a, b) {
                        Err(reversed(&text, a, b, name))
                    } else {
                        Ok(m)
                    }
                }
            }
        }
        Shape::King => {
            if a == b'h' || b == Some(b'h') {
                return Err(half(if a == b'h' { b.unwrap_or(b'h') } else { a }));
            }
            if b.is_some() {
                return Err((
                    format!("`{text}` on `{name}` is ambiguous"),
                    "XBetza and Fairy-Stockfish read two-letter directions on K and Q differently; \
                     write the parts apart, e.g. `frF` for the forward-right diagonal and `rW` \
                     for the step to the right"
                        .into(),
                ));
            }
            Ok(match a {
                b'f' => 0x83,
                b'b' => 0x38,
                b'r' => 0x0E,
                b'l' => 0xE0,
                b'v' => 0xBB,
                _ => 0xEE,
            })
        }
        Shape::Oblique(..) => oblique(a, b).ok_or_else(|| {
            if let Some(b) = b.filter(|&b| is_reversed(a, b)) {
                reversed(&text, a, b, name)
            } else {
                let help = match (a, b) {
                    (b'h', Some(x @ (b'f' | b'b'))) => {
                        format!("did you mean `{}h`?", char::from(x))
                    }
                    _ => "`h` pairs with f, b, l or r: `fh` is the forward half, `hr` and `hl` \
                          the chiral halves"
                        .into(),
                };
                (format!("`{text}` is not a direction of `{name}`"), help)
            }
        }),
    }
}

/// One orthogonal direction letter (`W`): compass bits.
fn orthogonal(letter: u8) -> u8 {
    match letter {
        b'f' => 0x01,
        b'r' => 0x04,
        b'b' => 0x10,
        b'l' => 0x40,
        b'v' => 0x11,
        _ => 0x44,
    }
}

/// A single letter or a word in the 8-direction system of later legs,
/// relative to straight on; also the diagonal words of the first leg.
fn relative(a: u8, b: Option<u8>) -> u8 {
    match (a, b) {
        (x, None) => orthogonal(x),
        (b'f', Some(b'r')) | (b'r', Some(b'f')) => 0x02,
        (b'b', Some(b'r')) | (b'r', Some(b'b')) => 0x08,
        (b'b', Some(b'l')) | (b'l', Some(b'b')) => 0x20,
        (b'f', Some(b'l')) | (b'l', Some(b'f')) => 0x80,
        (b'f', Some(b's')) => 0x82,
        (b'b', Some(b's')) => 0x28,
        (b'r', Some(b'v')) => 0x0A,
        (b'l', Some(b'v')) => 0xA0,
        // Not formed by the later-leg reading; refused on the first leg.
        _ => 0,
    }
}

/// The words of an oblique atom, as bits over its eight leaps.
fn oblique(a: u8, b: Option<u8>) -> Option<u8> {
    Some(match (a, b) {
        (b'f', None) => 0x81,
        (b'b', None) => 0x18,
        (b'r', None) => 0x06,
        (b'l', None) => 0x60,
        (b'v', None) => 0x99,
        (b's', None) => 0x66,
        (b'r', Some(b'f')) => 0x01,
        (b'f', Some(b'r')) => 0x02,
        (b'b', Some(b'r')) => 0x04,
        (b'r', Some(b'b')) => 0x08,
        (b'l', Some(b'b')) => 0x10,
        (b'b', Some(b'l')) => 0x20,
        (b'f', Some(b'l')) => 0x40,
        (b'l', Some(b'f')) => 0x80,
        (b'f', Some(b's')) => 0x42,
        (b'b', Some(b's')) => 0x24,
        (b'r', Some(b'v')) => 0x09,
        (b'l', Some(b'v')) => 0x90,
        (b'f', Some(b'h')) => 0xC3,
        (b'b', Some(b'h')) => 0x3C,
        (b'r', Some(b'h')) => 0x0F,
        (b'l', Some(b'h')) => 0xF0,
        (b'h', Some(b'r')) => 0x55,
        (b'h', Some(b'l')) => 0xAA,
        _ => return None,
    })
}

/// Words whose letters are the wrong way round (`sf`) or that no program
/// agrees on (`vs`).
fn is_reversed(a: u8, b: u8) -> bool {
    matches!(a, b'v' | b's') && matches!(b, b'f' | b'b' | b'l' | b'r' | b'v' | b's')
}

fn reversed(text: &str, a: u8, b: u8, name: &str) -> (String, String) {
    let message = format!("`{text}` is not a direction of `{name}`");
    if matches!(b, b'v' | b's') {
        return (
            message,
            "every direction is the default: drop it (or name the directions you mean)".into(),
        );
    }
    (
        message,
        format!("did you mean `{}{}`?", char::from(b), char::from(a)),
    )
}

/// How a leg ends: its modes and hop.
fn leg_ending(
    leg: &LegMods,
    last: bool,
    max: Option<u32>,
    group: &Group,
    name: &str,
    errors: &mut Vec<BetzaError>,
) -> Option<Ending> {
    let atom = group.atom;
    if let Some(e) = leg.e {
        if !last {
            errors.push(error(
                e..e + 1,
                "`e` before `a` is not supported",
                "an en-passant capture ends the move: put `e` on the last leg",
            ));
            return None;
        }
        if leg.m || leg.c || leg.p.is_some() || leg.g.is_some() {
            errors.push(error(
                e..e + 1,
                "`e` with `m`, `c`, `p` or `g` in one group",
                "write the en-passant capture as a group of its own, as in `fcFfeF`",
            ));
            return None;
        }
        return Some(Ending::Last(LegMode::EnPassant, Hop::None));
    }
    if !last {
        if let Some(g) = leg.g {
            errors.push(error(
                g..g + 1,
                "`g` before `a` is not supported",
                "use `p` for a leg that ends by jumping a piece, as in `pafcR`",
            ));
            return None;
        }
        let mut modes = Vec::new();
        if leg.m || !(leg.c || leg.p.is_some()) {
            modes.push(LegMode::Move);
        }
        if leg.c {
            modes.push(LegMode::Capture);
        }
        if leg.p.is_some() {
            modes.push(LegMode::Hurdle);
        }
        return Some(Ending::Inner(modes));
    }
    let mode = match (leg.m, leg.c) {
        (true, false) => LegMode::Move,
        (false, true) => LegMode::Capture,
        _ => LegMode::Both,
    };
    let hop = match (leg.p, leg.g) {
        (Some(p), Some(g)) => {
            errors.push(error(
                p.min(g)..p.max(g) + 1,
                "`p` and `g` together",
                "choose one: `p` lands anywhere behind the hurdle, `g` right behind it",
            ));
            return None;
        }
        (Some(_), None) => Hop::Hop,
        (None, Some(_)) => Hop::Grasshop,
        (None, None) => Hop::None,
    };
    if let Some(at) = leg.p.or(leg.g) {
        let letter = if leg.p.is_some() { 'p' } else { 'g' };
        if max == Some(1) {
            errors.push(error(
                at..at + 1,
                format!("`{letter}{name}` cannot move: `{letter}` needs a riding atom"),
                format!(
                    "hoppers ride: write `{letter}R`, `{letter}B`, `{letter}Q` or `{letter}{atom}{atom}`"
                ),
            ));
            return None;
        }
        if letter == 'g' && group.digits.is_some() {
            errors.push(error(
                at..at + 1,
                "`g` with a range is not supported",
                "a grasshopper lands right behind the first piece in its way: drop the range",
            ));
            return None;
        }
    }
    Some(Ending::Last(mode, hop))
}

// ---------------------------------------------------------------------------
// Expanding legs into concrete paths.

/// Walks every direction and mode of leg `k` and the legs after it, adding
/// each finished path to `out`. False when there would be too many.
fn expand(
    shape: Shape,
    max: Option<u32>,
    plans: &[Plan],
    k: usize,
    previous: usize,
    acc: &mut Vec<BetzaLeg>,
    out: &mut Vec<Vec<BetzaLeg>>,
) -> bool {
    let Some(plan) = plans.get(k) else {
        return true;
    };
    for turn in 0..8 {
        if plan.mask & (1 << turn) == 0 {
            continue;
        }
        let index = if k == 0 { turn } else { (previous + turn) % 8 };
        let (dx, dy) = shape.step(index);
        for &(mode, hop) in &plan.endings {
            let len = acc.len();
            push_leg(acc, dx, dy, max, mode, hop, plan.lame);
            if k + 1 == plans.len() {
                if out.len() >= MAX_MOVES_PER_ATOM {
                    return false;
                }
                out.push(acc.clone());
            } else if !expand(shape, max, plans, k + 1, index, acc, out) {
                return false;
            }
            acc.truncate(len);
        }
    }
    true
}

/// Adds one leg, as its lame path when it is a lame leap.
fn push_leg(
    acc: &mut Vec<BetzaLeg>,
    dx: i32,
    dy: i32,
    max: Option<u32>,
    mode: LegMode,
    hop: Hop,
    lame: bool,
) {
    let leg = |dx, dy, max, mode, hop| BetzaLeg {
        dx,
        dy,
        min: 1,
        max,
        mode,
        hop,
    };
    if !lame || dx.abs().max(dy.abs()) <= 1 {
        acc.push(leg(dx, dy, max, mode, hop));
        return;
    }
    let path = lame_path(dx, dy);
    let whole = (dx, dy);
    let (last, before) = path.split_last().unwrap_or((&whole, &[]));
    for &(sx, sy) in before {
        acc.push(leg(sx, sy, Some(1), LegMode::Move, Hop::None));
    }
    acc.push(leg(last.0, last.1, Some(1), mode, hop));
}

/// The one-square steps of a lame leap: straight while the remaining leap is
/// longer that way, diagonal once it is square (Fairy-Stockfish's path).
fn lame_path(dx: i32, dy: i32) -> Vec<(i32, i32)> {
    let (mut x, mut y) = (0, 0);
    let mut steps = Vec::new();
    while (x, y) != (dx, dy) {
        let (rx, ry) = (dx - x, dy - y);
        let step = match (rx.abs()).cmp(&ry.abs()) {
            std::cmp::Ordering::Greater => (rx.signum(), 0),
            std::cmp::Ordering::Less => (0, ry.signum()),
            std::cmp::Ordering::Equal => (rx.signum(), ry.signum()),
        };
        x += step.0;
        y += step.1;
        steps.push(step);
    }
    steps
}

#[cfg(test)]
mod tests {
    use super::*;

    const ORTH: [(i32, i32); 4] = [(0, 1), (1, 0), (0, -1), (-1, 0)];
    const DIAG: [(i32, i32); 4] = [(1, 1), (1, -1), (-1, -1), (-1, 1)];
    const KNIGHT: [(i32, i32); 8] = [
        (1, 2),
        (2, 1),
        (2, -1),
        (1, -2),
        (-1, -2),
        (-2, -1),
        (-2, 1),
        (-1, 2),
    ];

    fn leg(dx: i32, dy: i32, max: Option<u32>, mode: LegMode, hop: Hop) -> BetzaLeg {
        BetzaLeg {
            dx,
            dy,
            min: 1,
            max,
            mode,
            hop,
        }
    }

    fn step(dx: i32, dy: i32, mode: LegMode) -> BetzaLeg {
        leg(dx, dy, Some(1), mode, Hop::None)
    }

    /// One-leg leaps to these vectors.
    fn leaps(vectors: &[(i32, i32)], mode: LegMode) -> Vec<Vec<BetzaLeg>> {
        vectors
            .iter()
            .map(|&(dx, dy)| vec![step(dx, dy, mode)])
            .collect()
    }

    /// One-leg rides along these vectors.
    fn rides(
        vectors: &[(i32, i32)],
        max: Option<u32>,
        mode: LegMode,
        hop: Hop,
    ) -> Vec<Vec<BetzaLeg>> {
        vectors
            .iter()
            .map(|&(dx, dy)| vec![leg(dx, dy, max, mode, hop)])
            .collect()
    }

    fn sorted(mut paths: Vec<Vec<BetzaLeg>>) -> Vec<Vec<BetzaLeg>> {
        paths.sort_by_key(|p| format!("{p:?}"));
        paths
    }

    /// The paths of a notation, in a canonical order, spans left out.
    fn paths(text: &str) -> Vec<Vec<BetzaLeg>> {
        let moves = parse(text).unwrap_or_else(|e| panic!("{text}: {e:?}"));
        assert!(moves.iter().all(|m| !m.initial), "{text}");
        sorted(moves.into_iter().map(|m| m.legs).collect())
    }

    fn errors(text: &str) -> Vec<BetzaError> {
        match parse(text) {
            Ok(moves) => panic!("{text} was accepted: {moves:?}"),
            Err(e) => e,
        }
    }

    /// The error spans, as (start, end).
    fn spans(text: &str) -> Vec<(usize, usize)> {
        errors(text)
            .into_iter()
            .map(|e| (e.span.start, e.span.end))
            .collect()
    }

    fn concat<T>(parts: impl IntoIterator<Item = Vec<T>>) -> Vec<T> {
        parts.into_iter().flatten().collect()
    }

    use LegMode::{Both, Capture, Hurdle, Move};

    #[test]
    fn well_known_pieces() {
        let chinese_horse: Vec<Vec<BetzaLeg>> = vec![
            vec![step(0, 1, Move), step(1, 1, Both)],
            vec![step(1, 0, Move), step(1, 1, Both)],
            vec![step(1, 0, Move), step(1, -1, Both)],
            vec![step(0, -1, Move), step(1, -1, Both)],
            vec![step(0, -1, Move), step(-1, -1, Both)],
            vec![step(-1, 0, Move), step(-1, -1, Both)],
            vec![step(-1, 0, Move), step(-1, 1, Both)],
            vec![step(0, 1, Move), step(-1, 1, Both)],
        ];
        let all8: Vec<(i32, i32)> = concat([ORTH.to_vec(), DIAG.to_vec()]);
        let table: Vec<(&str, Vec<Vec<BetzaLeg>>)> = vec![
            ("W", leaps(&ORTH, Both)),
            ("F", leaps(&DIAG, Both)),
            ("K", leaps(&all8, Both)),
            ("N", leaps(&KNIGHT, Both)),
            ("fN", leaps(&[(1, 2), (-1, 2)], Both)),
            ("ffN", leaps(&[(1, 2), (-1, 2)], Both)),
            ("fsN", leaps(&[(2, 1), (-2, 1)], Both)),
            ("fhN", leaps(&[(1, 2), (2, 1), (-2, 1), (-1, 2)], Both)),
            ("hrN", leaps(&[(1, 2), (2, -1), (-1, -2), (-2, 1)], Both)),
            ("hlN", leaps(&[(2, 1), (1, -2), (-2, -1), (-1, 2)], Both)),
            ("frN", leaps(&[(2, 1)], Both)),
            ("rfN", leaps(&[(1, 2)], Both)),
            ("rvN", leaps(&[(1, 2), (1, -2)], Both)),
            ("sN", leaps(&[(2, 1), (2, -1), (-2, 1), (-2, -1)], Both)),
            ("fsW", leaps(&[(0, 1), (1, 0), (-1, 0)], Both)),
            ("fF", leaps(&[(1, 1), (-1, 1)], Both)),
            ("rbF", leaps(&[(1, -1)], Both)),
            ("fK", leaps(&[(0, 1), (1, 1), (-1, 1)], Both)),
            ("D", leaps(&[(0, 2), (2, 0), (0, -2), (-2, 0)], Both)),
            ("A", leaps(&[(2, 2), (2, -2), (-2, -2), (-2, 2)], Both)),
            ("H", leaps(&[(0, 3), (3, 0), (0, -3), (-3, 0)], Both)),
            ("G", leaps(&[(3, 3), (3, -3), (-3, -3), (-3, 3)], Both)),
            (
                "C",
                leaps(
                    &[
                        (1, 3),
                        (3, 1),
                        (3, -1),
                        (1, -3),
                        (-1, -3),
                        (-3, -1),
                        (-3, 1),
                        (-1, 3),
                    ],
                    Both,
                ),
            ),
            (
                "Z",
                leaps(
                    &[
                        (2, 3),
                        (3, 2),
                        (3, -2),
                        (2, -3),
                        (-2, -3),
                        (-3, -2),
                        (-3, 2),
                        (-2, 3),
                    ],
                    Both,
                ),
            ),
            ("R", rides(&ORTH, None, Both, Hop::None)),
            ("WW", rides(&ORTH, None, Both, Hop::None)),
            ("W0", rides(&ORTH, None, Both, Hop::None)),
            ("B", rides(&DIAG, None, Both, Hop::None)),
            ("Q", rides(&all8, None, Both, Hop::None)),
            ("R4", rides(&ORTH, Some(4), Both, Hop::None)),
            ("W4", rides(&ORTH, Some(4), Both, Hop::None)),
            ("NN", rides(&KNIGHT, None, Both, Hop::None)),
            ("N0", rides(&KNIGHT, None, Both, Hop::None)),
            (
                "fmWfcF",
                vec![
                    vec![step(0, 1, Move)],
                    vec![step(1, 1, Capture)],
                    vec![step(-1, 1, Capture)],
                ],
            ),
            ("nN", chinese_horse.clone()),
            ("mafsW", chinese_horse.clone()),
            ("afsW", chinese_horse),
            (
                "nA",
                DIAG.iter()
                    .map(|&(x, y)| vec![step(x, y, Move), step(x, y, Both)])
                    .collect(),
            ),
            (
                "nD",
                ORTH.iter()
                    .map(|&(x, y)| vec![step(x, y, Move), step(x, y, Both)])
                    .collect(),
            ),
            (
                "mRcpR",
                concat([
                    rides(&ORTH, None, Move, Hop::None),
                    rides(&ORTH, None, Capture, Hop::Hop),
                ]),
            ),
            ("gQ", rides(&all8, None, Both, Hop::Grasshop)),
            ("pR3", rides(&ORTH, Some(3), Both, Hop::Hop)),
            (
                "fcafmF",
                vec![
                    vec![step(1, 1, Capture), step(1, 1, Move)],
                    vec![step(-1, 1, Capture), step(-1, 1, Move)],
                ],
            ),
            ("KN", concat([leaps(&all8, Both), leaps(&KNIGHT, Both)])),
        ];
        for (text, expected) in table {
            assert_eq!(paths(text), sorted(expected), "{text}");
        }
    }

    #[test]
    fn lame_zebra_is_the_janggi_elephant() {
        // The (2,3) leap: one straight step, then two diagonal ones outward.
        let nz = paths("nZ");
        assert_eq!(nz.len(), 8);
        assert!(nz.contains(&vec![step(0, 1, Move), step(1, 1, Move), step(1, 1, Both)]));
        assert!(nz.contains(&vec![
            step(-1, 0, Move),
            step(-1, -1, Move),
            step(-1, -1, Both)
        ]));
        // Fairy-Stockfish gives XBoard `mafsmafW` for the same piece.
        assert_eq!(paths("mafsmafW"), nz);
    }

    #[test]
    fn initial_double_step() {
        let moves = parse("ifmnD").unwrap();
        assert_eq!(
            moves,
            vec![BetzaMove {
                legs: vec![step(0, 1, Move), step(0, 1, Move)],
                initial: true,
                span: 0..5,
            }]
        );
        // The FIDE pawn without en passant: the initial move is separate.
        let pawn = parse("fmWfcFifmnD").unwrap();
        assert_eq!(
            pawn.iter().map(|m| m.initial).collect::<Vec<_>>(),
            [false, false, false, true]
        );
    }

    #[test]
    fn order_and_spans() {
        let rook = parse("R").unwrap();
        let dirs: Vec<(i32, i32)> = rook.iter().map(|m| (m.legs[0].dx, m.legs[0].dy)).collect();
        assert_eq!(dirs, ORTH);
        let queen = parse("Q").unwrap();
        let dirs: Vec<(i32, i32)> = queen.iter().map(|m| (m.legs[0].dx, m.legs[0].dy)).collect();
        assert_eq!(
            dirs,
            [
                (0, 1),
                (1, 1),
                (1, 0),
                (1, -1),
                (0, -1),
                (-1, -1),
                (-1, 0),
                (-1, 1)
            ]
        );
        let knight = parse("N").unwrap();
        let dirs: Vec<(i32, i32)> = knight
            .iter()
            .map(|m| (m.legs[0].dx, m.legs[0].dy))
            .collect();
        assert_eq!(dirs, KNIGHT);

        let pawn = parse("fmWfcF").unwrap();
        let spans: Vec<Range<usize>> = pawn.iter().map(|m| m.span.clone()).collect();
        assert_eq!(spans, [0..3, 3..6, 3..6]);
        let cannon = parse("mRcpR").unwrap();
        assert!(cannon[..4].iter().all(|m| m.span == (0..2)));
        assert!(cannon[4..].iter().all(|m| m.span == (2..5)));
        assert_eq!(parse("R4").unwrap()[0].span, 0..2);
        assert_eq!(parse("NN").unwrap()[0].span, 0..2);
    }

    #[test]
    fn duplicates_keep_the_first() {
        let moves = parse("KW").unwrap();
        assert_eq!(moves.len(), 8);
        assert!(moves.iter().all(|m| m.span == (0..1)));
        let moves = parse("WK").unwrap();
        assert_eq!(moves.len(), 8);
        assert_eq!(moves.iter().filter(|m| m.span == (0..1)).count(), 4);
        // Different modes are different moves.
        assert_eq!(parse("mRcR").unwrap().len(), 8);
        // So is a move that may only be made first.
        assert_eq!(parse("mDimD").unwrap().len(), 8);
    }

    #[test]
    fn later_legs() {
        // No direction after `a` on W: straight on or a right angle, not back.
        let moves = paths("maW");
        assert_eq!(moves.len(), 12);
        assert!(moves.iter().all(|p| p[0].mode == Move && p[1].mode == Both));
        assert!(moves
            .iter()
            .all(|p| (p[0].dx + p[1].dx, p[0].dy + p[1].dy) != (0, 0)));
        // On K: any way but back (7 turns from each of 8 directions).
        assert_eq!(paths("maK").len(), 56);
        // Several modes on an earlier leg: one move each.
        let moves = paths("fmcpafR");
        assert_eq!(moves.len(), 3);
        let modes: Vec<LegMode> = moves.iter().map(|p| p[0].mode).collect();
        for mode in [Move, Capture, Hurdle] {
            assert!(modes.contains(&mode), "{mode:?}");
        }
        assert!(moves
            .iter()
            .all(|p| p[0].max.is_none() && p[1] == leg(0, 1, None, Both, Hop::None)));
        // A 45-degree turn on a rook leg makes it a bishop leg.
        assert_eq!(
            paths("fmafrR"),
            vec![vec![
                leg(0, 1, None, Move, Hop::None),
                leg(1, 1, None, Both, Hop::None)
            ]]
        );
        // Back on an oblique atom.
        assert_eq!(
            paths("fmabN"),
            sorted(vec![
                vec![step(1, 2, Move), step(-1, -2, Both)],
                vec![step(-1, 2, Move), step(1, -2, Both)],
            ])
        );
        // Later legs read `sf` as `s` then `f`, as XBoard does.
        assert_eq!(
            paths("fmasfW"),
            sorted(vec![
                vec![step(0, 1, Move), step(0, 1, Both)],
                vec![step(0, 1, Move), step(1, 0, Both)],
                vec![step(0, 1, Move), step(-1, 0, Both)],
            ])
        );
    }

    #[test]
    fn errors_have_spans() {
        assert_eq!(spans(""), [(0, 0)]);
        assert_eq!(spans("fm"), [(0, 2)]);
        assert_eq!(spans("K fm"), [(1, 2), (2, 4)]);
        assert_eq!(spans("E"), [(0, 1)]);
        assert_eq!(spans("jR"), [(0, 1)]);
        assert_eq!(spans("O"), [(0, 1)]);
        assert_eq!(spans("sfN"), [(0, 2)]);
        assert_eq!(spans("R100"), [(1, 4)]);
        assert_eq!(spans("R04"), [(1, 3)]);
        assert_eq!(spans("NN4"), [(0, 3)]);
        assert_eq!(spans("iD"), [(0, 1)]);
        assert_eq!(spans("hW"), [(0, 1)]);
        assert_eq!(spans("fhF"), [(0, 2)]);
        assert_eq!(spans("frK"), [(0, 2)]);
        assert_eq!(spans("pW"), [(0, 1)]);
        assert_eq!(spans("gR4"), [(0, 1)]);
        assert_eq!(spans("pgR"), [(0, 2)]);
        assert_eq!(spans("nNN"), [(0, 1)]);
        assert_eq!(spans("mafsN"), [(2, 4)]);
        assert_eq!(spans("maN"), [(1, 2)]);
        assert_eq!(spans("iimW"), [(1, 2)]);
        assert_eq!(spans("mainW"), [(2, 3)]);
        assert_eq!(spans("gafR"), [(0, 1)]);
        assert_eq!(spans("4R"), [(0, 1)]);
        assert_eq!(spans("W(F)"), [(1, 2), (3, 4)]);
        assert_eq!(spans("é"), [(0, 2)]);
        assert_eq!(spans("aaaaaaaaW"), [(0, 9)]);
        // Every error in the string, not just the first.
        assert_eq!(spans("jW E4 fm"), [(0, 1), (2, 3), (3, 4), (5, 6), (6, 8)]);
    }

    #[test]
    fn error_messages_name_the_problem() {
        let one = |text: &str| {
            let mut e = errors(text);
            assert_eq!(e.len(), 1, "{text}: {e:?}");
            e.remove(0)
        };
        assert!(one("jR").message.contains("`j`"));
        assert!(one("jR").message.contains("not supported"));
        assert!(one("jR").help.contains("supported modifiers"));
        assert!(one("fmw").help.contains("`fmW`"));
        assert!(one("wF").help.contains("`W`"));
        assert!(one("sfN").help.contains("`fs`"));
        assert!(one("hfN").help.contains("`fh`"));
        assert!(one("E").help.contains("W F D N"));
        assert!(one("O").message.contains("castling"));
        assert!(one("iD").help.contains("`imD`"));
        assert!(one("fceF").help.contains("`fcFfeF`"));
        assert!(one("eafF").message.contains("`e` before `a`"));
        assert!(one("R100").help.contains("99"));
        assert!(one("R04").help.contains("`R4`"));
        assert_eq!(one("jR").to_string(), one("jR").message);
    }

    #[test]
    fn lame_paths() {
        assert_eq!(lame_path(1, 2), [(0, 1), (1, 1)]);
        assert_eq!(lame_path(-2, 1), [(-1, 0), (-1, 1)]);
        assert_eq!(lame_path(2, 2), [(1, 1), (1, 1)]);
        assert_eq!(lame_path(0, -3), [(0, -1), (0, -1), (0, -1)]);
        assert_eq!(lame_path(1, 3), [(0, 1), (0, 1), (1, 1)]);
        // On one-square atoms `n` changes nothing.
        assert_eq!(paths("nK"), paths("K"));
        assert_eq!(paths("nR"), paths("R"));
    }

    #[test]
    fn random_strings_do_not_panic() {
        const ALPHABET: &[u8] = b"WFDNAHCZGKRBQLJOUXIE fblrvshmcpgniajdeoqtuxyzkw0123456789()[]-?";
        let mut rng = fastrand::Rng::with_seed(7);
        for round in 0..20_000 {
            let len = rng.usize(0..14);
            let bytes: Vec<u8> = (0..len)
                .map(|_| {
                    if round % 5 == 0 {
                        rng.u8(..)
                    } else {
                        ALPHABET[rng.usize(0..ALPHABET.len())]
                    }
                })
                .collect();
            let text = String::from_utf8_lossy(&bytes);
            match parse(&text) {
                Ok(moves) => {
                    assert!(!moves.is_empty(), "{text:?}");
                    for m in &moves {
                        assert!(m.span.end <= text.len() && m.span.start < m.span.end);
                        let (last, before) = m.legs.split_last().expect("a move has legs");
                        assert!(before.iter().all(|l| l.hop == Hop::None && l.mode != Both));
                        assert!(last.mode != Hurdle);
                        assert!(m
                            .legs
                            .iter()
                            .all(|l| l.min == 1 && l.max.is_none_or(|x| x >= 1)));
                    }
                }
                Err(errors) => {
                    assert!(!errors.is_empty(), "{text:?}");
                    for e in &errors {
                        assert!(text.get(e.span.clone()).is_some(), "{text:?} {e:?}");
                        assert!(!e.message.is_empty() && !e.help.is_empty());
                    }
                }
            }
        }
    }
}
