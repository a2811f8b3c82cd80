//! The interpreter's tables, derived from the rule graph at compile time, and
//! the move generator, attack test and move maker that run on them.
//!
//! Every move rule becomes a [`Gen`] per player: for leaps and steps a table
//! of target squares per square, for slides a list of directions walked with
//! ray tables, plus the squares it may start from, its condition and its
//! effects. Attacks are answered from the same rules read backwards. Nothing
//! here knows a game: all of it comes from the [`Model`] and its [`RuleGraph`].

mod attack;
mod count;
mod ending;
mod gen;
mod kills;
mod legality;
mod make;
mod pattern;
mod random;
#[cfg(test)]
mod tests;

use crate::bits::Bits;
use crate::compile::board::{Board, Dir};
use crate::compile::graph::RuleGraph;
use crate::compile::model::{
    Cond, Effect, Events, ForbidDef, Hurdle, IntExpr, KindExpr, Model, MoveKind, PlayerRef,
    SiteRef, Target, MAX_PIECES, MAX_PLAYERS,
};
use crate::state::{State, NO_SQ};

pub(crate) use gen::MoveBuf;
pub(crate) use random::Scratch;

pub(crate) use crate::state::NO_KIND;
/// The phase of a rule of normal play (not a phase's own move).
pub(crate) const NORMAL: u8 = u8::MAX;
/// [`Gen::phase`] of the moves of part `k` of a turn: `PART_BASE + k`.
pub(crate) const PART_BASE: u8 = 128;
/// The most parts of turns a game may have.
pub(crate) const MAX_PARTS: usize = 64;

/// How one move rule generates moves for one player.
#[derive(Clone, Debug)]
pub(crate) struct Gen<B: Bits> {
    /// The kind of piece ([`NO_KIND`] for a move of the player, `remove`).
    pub piece: u8,
    /// The move rule's index in the model.
    pub rule: u8,
    /// What the move may land on.
    pub target: Target,
    /// How the targets are found.
    pub kind: GenKind<B>,
    /// Squares the piece may start from.
    pub from_mask: B,
    /// The rule's condition, judged for each move.
    pub guard: Option<Cond>,
    /// The condition reads nothing of where the move goes: judged once per
    /// start square.
    pub guard_by_from: bool,
    /// The condition as square sets, where it reads only marks of the
    /// start square and its neighbours: judged for every start square at
    /// once (see [`FromSet`]).
    pub guard_set: Option<FromSet<B>>,
    /// Only when the player has no other legal move.
    pub stuck: bool,
    /// Captures without moving.
    pub stay: bool,
    /// Plain: no condition, no start squares, no effects; moves need no test of their own.
    pub plain: bool,
    /// The phase whose own move this is ([`NORMAL`] for normal play;
    /// `PART_BASE + k` for a move of part `k` of a turn).
    pub phase: u8,
    /// A piece's move in a part of a turn: made only by the piece on the
    /// square the move before landed on.
    pub anchored: bool,
    /// No condition but one judged for all start squares at once
    /// (`guard_set`), no effect on how moves are found (start squares and
    /// marks allowed): with fixed promotions, it can be counted in bulk.
    pub countable: bool,
    /// Countable without a condition, and its promotions (if any) fixed:
    /// its moves can be counted (and drawn) in bulk.
    pub bulk: bool,
    /// For a bulk rule whose piece promotes: the promotion squares, and how
    /// many kinds are offered there.
    pub promo_zone: B,
    /// See `promo_zone`.
    pub promo_count: u32,
    /// Counted in bulk by [`Engine::count_legal`]: countable, and of a kind
    /// no other rule of which makes the same moves. Where its promotions
    /// are found as it moves, its moves to `dyn_zone` are counted one by one.
    pub count_bulk: bool,
    /// See `count_bulk`.
    pub dyn_zone: B,
    /// For a leap whose targets from every square are at most two fixed
    /// steps along the numbering (a pawn's): those steps, to count or find
    /// the moves of all its pieces at once.
    pub shifts: Box<[Shift<B>]>,
    /// The squares from which such a leap (or `ranged` slide) may reach
    /// `dyn_zone`.
    pub near_dyn: B,
    /// A slide in one direction by a bounded number of squares (from the
    /// first to the second) along a step of the numbering: its moves counted
    /// for all its pieces at once.
    pub ranged: Option<(Shift<B>, u8, u8)>,
    /// For a plain leap or slide: for each square, the squares one move
    /// away (a leap's targets, a slide's first squares) on an empty board.
    pub first_steps: Box<[B]>,
}

/// A move rule's condition that reads only marks on its start square or a
/// neighbour of it, as an expression over square sets: it evaluates to the
/// start squares where the condition holds.
#[derive(Clone, Debug)]
pub(crate) enum FromSet<B: Bits> {
    /// All of the marks read (the common shape, judged in one pass).
    All(Box<[Lit<B>]>),
    /// All of them.
    And(Box<[FromSet<B>]>),
    /// Any of them.
    Or(Box<[FromSet<B>]>),
    /// Not it.
    Not(Box<FromSet<B>>),
}

/// One mark read at a site of the start square, or its absence.
#[derive(Clone, Debug)]
pub(crate) struct Lit<B: Bits> {
    /// The mark.
    pub mark: Mark,
    /// Where it is read.
    pub site: Shift<B>,
    /// The mark must be absent.
    pub negated: bool,
}

/// A mark a [`Lit`] reads.
#[derive(Clone, Copy, Debug)]
pub(crate) enum Mark {
    /// `(unmoved SITE)`: the site holds a piece that has not moved.
    Unmoved,
    /// `(flagged NAME SITE)`: the site's piece carries the flag.
    Flagged(u8),
    /// `(remembers PLAYER NAME)`: every square, or none.
    Remembers(PlayerRef, u8),
}

/// A site relative to the start square, on a board numbered so that the
/// step to it adds the same number to every square that has one.
#[derive(Clone, Debug)]
pub(crate) struct Shift<B: Bits> {
    /// What the step adds to the square number (0: the square itself).
    delta: i32,
    /// The squares that have the site.
    valid: B,
}

impl<B: Bits> Gen<B> {
    /// How many moves the rule makes to the squares `t` (each promotion a
    /// move of its own, where the kinds offered are fixed).
    #[inline]
    pub(crate) fn moves_to(&self, t: B) -> u32 {
        let z = t & self.promo_zone;
        if z.is_empty() {
            t.count()
        } else {
            (t ^ z).count() + z.count() * self.promo_count
        }
    }
}

impl<B: Bits> Shift<B> {
    /// The squares whose site is in `set`.
    #[inline]
    pub(crate) fn back(&self, set: B) -> B {
        set.shifted(-self.delta) & self.valid
    }

    /// The sites of the squares of `set` that have one.
    #[inline]
    pub(crate) fn ahead(&self, set: B) -> B {
        (set & self.valid).shifted(self.delta)
    }

    /// One step in `dir` as a step along the numbering, if it adds the same
    /// number to every square that has a neighbour that way.
    fn along(board: &Board, dir: Dir) -> Option<Self> {
        let mut delta = None;
        let mut valid = B::ZERO;
        for sq in 0..board.len() as u8 {
            if let Some(t) = board.step(sq, dir) {
                let dd = i32::from(t) - i32::from(sq);
                if *delta.get_or_insert(dd) != dd {
                    return None;
                }
                valid |= B::bit(sq);
            }
        }
        Some(Shift {
            delta: delta.unwrap_or(0),
            valid,
        })
    }

    /// A leap's targets from each square as steps along the numbering: one
    /// per difference between a target and its square (exact by
    /// construction); `None` if there are more than eight.
    fn split(table: &[B]) -> Option<Box<[Self]>> {
        let mut out: Vec<Self> = Vec::new();
        for (sq, t) in table.iter().enumerate() {
            for q in t.iter() {
                let delta = i32::from(q) - sq as i32;
                let bit = B::bit(sq as u8);
                if let Some(s) = out.iter_mut().find(|s| s.delta == delta) {
                    s.valid |= bit;
                } else if out.len() < 8 {
                    out.push(Shift { delta, valid: bit });
                } else {
                    return None;
                }
            }
        }
        Some(out.into_boxed_slice())
    }
}

impl<B: Bits> FromSet<B> {
    /// `c` as square sets for a player whose forward is `forward`, if it
    /// can be written so.
    fn of(c: &Cond, board: &Board, forward: Dir, all: B) -> Option<Self> {
        let site = |s: &SiteRef| -> Option<Shift<B>> {
            match s {
                SiteRef::From => Some(Shift {
                    delta: 0,
                    valid: all,
                }),
                SiteRef::Adjacent(d) => Shift::along(board, d.resolve(forward)),
                _ => None,
            }
        };
        let list = |cs: &[Cond]| -> Option<Vec<Self>> {
            cs.iter()
                .map(|c| Self::of(c, board, forward, all))
                .collect()
        };
        let lit = |mark: Mark, site: Shift<B>| {
            FromSet::All(Box::new([Lit {
                mark,
                site,
                negated: false,
            }]))
        };
        Some(match c {
            Cond::Unmoved(s) => lit(Mark::Unmoved, site(s)?),
            Cond::Flagged(f, s) => lit(Mark::Flagged(*f), site(s)?),
            Cond::Remembers(p, f) => lit(
                Mark::Remembers(*p, *f),
                Shift {
                    delta: 0,
                    valid: all,
                },
            ),
            Cond::And(cs) => {
                let parts = list(cs)?;
                if parts.iter().all(|p| matches!(p, FromSet::All(_))) {
                    let mut lits = Vec::new();
                    for p in parts {
                        if let FromSet::All(l) = p {
                            lits.extend(l.into_vec());
                        }
                    }
                    FromSet::All(lits.into_boxed_slice())
                } else {
                    FromSet::And(parts.into_boxed_slice())
                }
            }
            Cond::Or(cs) => FromSet::Or(list(cs)?.into_boxed_slice()),
            Cond::Not(c) => match Self::of(c, board, forward, all)? {
                FromSet::All(l) if l.len() == 1 => {
                    let mut l = l.into_vec();
                    l[0].negated = !l[0].negated;
                    FromSet::All(l.into_boxed_slice())
                }
                FromSet::Not(inner) => *inner,
                other => FromSet::Not(Box::new(other)),
            },
            _ => return None,
        })
    }
}

/// The [`Engine::id`] of the next engine built.
static NEXT_ENGINE_ID: std::sync::atomic::AtomicU64 = std::sync::atomic::AtomicU64::new(1);

/// A player's rules as [`Engine::random_move`] reads them: the rules counted
/// in bulk grouped by kind of piece and phase, and the others.
#[derive(Clone, Debug, Default)]
pub(crate) struct Draws<B: Bits> {
    /// The rules not counted in bulk (their moves are listed): index in the
    /// player's rules, and phase.
    pub listed: Vec<(u16, u8)>,
    /// The rules counted in bulk, a group per kind of piece and phase.
    pub groups: Vec<DrawGroup<B>>,
}

/// The bulk rules of one kind of piece in one phase, as a random draw sees
/// them: first a piece is drawn, weighted by the most moves it can have by
/// all of them, then one of those moves.
#[derive(Clone, Debug)]
pub(crate) struct DrawGroup<B: Bits> {
    /// See [`Gen::piece`].
    pub piece: u8,
    /// See [`Gen::phase`].
    pub phase: u8,
    /// The squares any of its rules moves from.
    pub from_mask: B,
    /// Where its squares start in [`Engine::most`]: the most moves from
    /// each square by all its rules.
    pub most_at: u32,
    /// The most moves of a piece, where it is the same from every square
    /// of [`DrawGroup::from_mask`] (0 otherwise).
    pub uniform: u16,
    /// Its rules, in order.
    pub rules: Vec<DrawRule<B>>,
}

/// A bulk rule in a [`DrawGroup`].
#[derive(Clone, Debug)]
pub(crate) struct DrawRule<B: Bits> {
    /// Its index in the player's rules.
    pub gen: u16,
    /// See [`Gen::from_mask`].
    pub from_mask: B,
    /// Where its squares start in [`Engine::most`].
    pub most_at: u32,
}

/// The shape of a move rule, as tables.
#[derive(Clone, Debug)]
pub(crate) enum GenKind<B: Bits> {
    /// Steps and leaps: the target squares from each square.
    Leap(Box<[B]>),
    /// Slides without a limit: the directions.
    Slide(Box<[u8]>),
    /// Slides between `min` and `max` squares: the directions, and for each
    /// square and direction the squares within that range on an empty board.
    SlideRange(Box<[u8]>, Box<[[B; 8]]>),
    /// Removing an enemy piece from these squares.
    Remove(B),
    /// Riders by steps that are not to a neighbour: for each square, its
    /// rays (the squares in order, within the limit).
    Ride(Box<[Rays]>),
    /// Hoppers: for each square, its rays (within the limit), and where they
    /// land beyond the hurdle.
    Hop(Box<[Rays]>, Hurdle),
    /// Leaps that can be blocked: for each square, each target with the
    /// squares on the way that must be empty.
    Path(Box<[Paths<B>]>),
    /// Castling with a partner of this kind, going this many squares.
    Castle(u8, u8),
    /// Jumping over adjacent enemy pieces in these directions, again and
    /// again if set.
    CaptureJump(Box<[u8]>, bool),
    /// Dropping a new piece on these squares, falling in this
    /// direction (`u8::MAX`: it does not fall); from the hand, if a kind is
    /// given (not [`NO_KIND`]).
    Drop(B, u8, u8),
    /// Passing: no square.
    Pass,
}

/// The blockable leaps of one square: each target, with the squares on the
/// way that must be empty.
pub(crate) type Paths<B> = Box<[(u8, B)]>;

/// The rays of one square: each the squares in order.
pub(crate) type Rays = Box<[Box<[u8]>]>;

/// The key of the part of the turn being played (0 outside a part): the part
/// and the square it is played from.
#[inline]
pub(crate) fn z_part<B: Bits>(st: &State<B>) -> u64 {
    if st.part == 0 {
        return 0;
    }
    let mut x = (u64::from(st.part) << 8 | u64::from(st.anchor)) ^ 0x9e37_79b9_7f4a_7c15;
    x = (x ^ (x >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    x = (x ^ (x >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    x ^ (x >> 31)
}

/// The key of `n` pieces of kind `kind` in `player`'s hand (0 for none).
#[inline]
pub(crate) fn z_hand(player: u8, kind: u8, n: u8) -> u64 {
    if n == 0 {
        return 0;
    }
    let mut x =
        (u64::from(player) << 16 | u64::from(kind) << 8 | u64::from(n)) ^ 0x2545_f491_4f6c_dd1d;
    x = (x ^ (x >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    x = (x ^ (x >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    x ^ (x >> 31)
}

/// A vector `(right, forward)` in a player's frame, on the board.
fn frame(forward: Dir, (dx, dy): (i32, i32)) -> (i32, i32) {
    let (fx, fy) = forward.delta();
    let (rx, ry) = forward.rotate(2).delta();
    (dx * rx + dy * fx, dx * ry + dy * fy)
}

/// The square `(dx, dy)` away from `sq`, if it is on the board.
fn offset(board: &Board, sq: u8, (dx, dy): (i32, i32)) -> Option<u8> {
    let c = board.cell(sq);
    let x = u32::try_from(i64::from(c.x) + i64::from(dx)).ok()?;
    let y = u32::try_from(i64::from(c.y) + i64::from(dy)).ok()?;
    board.at(x, y)
}

/// For each square, the rays along each vector (board frame), each cut
/// after `max` squares.
fn vector_rays(board: &Board, vecs: &[(i32, i32)], max: Option<u32>) -> Box<[Rays]> {
    (0..board.len() as u8)
        .map(|sq| {
            vecs.iter()
                .map(|&v| {
                    let mut ray = Vec::new();
                    let mut cur = sq;
                    while let Some(next) = offset(board, cur, v) {
                        if max.is_some_and(|m| ray.len() as u32 >= m) || next == sq {
                            break;
                        }
                        ray.push(next);
                        cur = next;
                    }
                    ray.into_boxed_slice()
                })
                .collect()
        })
        .collect()
}

/// The attacks of one player, read backwards from the target square.
#[derive(Clone, Debug, Default)]
pub(crate) struct Attacks<B: Bits> {
    /// For unconditional leap rules that can capture: the piece kind, and for
    /// each square the squares from which such a piece attacks it.
    pub leaps: Vec<(u8, Box<[B]>)>,
    /// For each direction a piece slides in (without limit or condition,
    /// able to capture), the kinds of piece that do: bit per kind.
    pub slides: [u32; 8],
    /// `slides` grouped: each distinct set of kinds, with the directions
    /// (bit per direction) it slides in.
    pub slide_groups: Vec<(u32, u8)>,
    /// For each of `slide_groups` and each square, the squares from which
    /// a piece of the group could slide to it on an empty board.
    pub group_lines: Vec<Box<[B]>>,
    /// For each of `slide_groups` and each square, the squares a piece of
    /// the group on it could slide to on an empty board.
    pub group_rays: Vec<Box<[B]>>,
    /// Kinds among the sliders that may promote (their captures into a
    /// promotion square need the careful test).
    pub slide_promoting: u32,
    /// Rules answered by generating the attacker's moves forwards
    /// (conditions, limited slides): indices into the player's gens.
    pub forward: Vec<usize>,
    /// For each of `forward` that is a leap: for each square, the squares
    /// from which it reaches that square (empty for other rules).
    pub forward_from: Vec<Box<[B]>>,
    /// Whether an attack can appear when a piece moves away from a line
    /// other than a slider's (the danger test must then try every move).
    pub blockable: bool,
    /// Whether an attack can depend on how many pieces the players have
    /// (so a capture anywhere may change it).
    pub counts: bool,
    /// Squares on which an attack (a capture that must promote there) can
    /// depend on where other pieces stand.
    pub zone_blockable: B,
    /// Squares on which an attack (a capture that must promote there) can
    /// depend on how many pieces the players have.
    pub zone_counts: B,
    /// The entries of `leaps` whose piece promotes to kinds found as it
    /// moves (see [`Engine::zone_quiet`]).
    pub dyn_leaps: Vec<(u8, Box<[B]>)>,
    /// For each of `dyn_leaps`: the squares from which its piece attacks a
    /// square of `zone_blockable` (so none there is quiet, see
    /// [`Engine::zone_quiet`], where none of those pieces stands).
    pub dyn_near_blockable: Vec<(u8, B)>,
    /// Whether a slider or a rule tried forwards promotes to kinds found as
    /// it moves.
    pub dyn_other: bool,
}

/// A promotion rule, as tables.
#[derive(Clone, Debug)]
pub(crate) struct PromoRule<B: Bits> {
    /// For each player, the squares where it applies.
    pub zone: [B; MAX_PLAYERS],
    /// The kinds offered.
    pub kinds: KindExpr,
    /// A condition on each kind offered.
    pub guard: Option<Cond>,
    /// Whether the piece may also stay as it is.
    pub optional: bool,
    /// The condition of the extra move after promoting, if there is one.
    pub again: Option<Cond>,
    /// Flags set on the promoted piece.
    pub flags: Vec<u8>,
    /// The piece counts from now on as the one that started on this square.
    pub identity: Option<SiteRef>,
    /// The piece goes to this square (or the nearest empty one of its rank).
    pub relocate: Option<SiteRef>,
}

/// A piece's promotions, as tables.
#[derive(Clone, Debug)]
pub(crate) struct Promos<B: Bits> {
    /// For each player, the squares where some rule applies.
    pub zone: [B; MAX_PLAYERS],
    /// The rules.
    pub rules: Vec<PromoRule<B>>,
    /// The kinds offered when there is one rule of fixed kinds, no condition,
    /// not optional, no effect: the fast path.
    pub fixed: Option<Box<[u8]>>,
    /// Whether some rule sends the promoted piece elsewhere (`moveTo:`): the
    /// square it promoted on is left empty, which may open a line to the
    /// mover's own royal piece, so such a move is always tested.
    pub relocates: bool,
}

/// A compiled game ready to play on square sets of type `B`.
#[derive(Debug)]
pub(crate) struct Engine<B: Bits> {
    /// A number no other engine built by this process has (a
    /// [`Scratch`] remembers whose sums it keeps).
    pub id: u64,
    /// What the file says.
    pub model: Model,
    /// The rule graph the tables were derived from.
    pub graph: RuleGraph,
    /// `rays[sq][dir]`: the squares from `sq` in `dir` to the edge.
    pub rays: Box<[[B; 8]]>,
    /// Whether square numbers grow along each direction.
    pub dir_up: [bool; 8],
    /// `line_dir[a * squares + b]`: the direction from `a` along which `b`
    /// lies, or `u8::MAX` if it lies on no line from `a`.
    pub line_dir: Box<[u8]>,
    /// Every square.
    pub all: B,
    /// The squares of one shade of the chequer (file plus rank odd: b1, a2, ...).
    pub light: B,
    /// Whether some move may be taken en passant (positions then have an
    /// en-passant field).
    pub uses_passing: bool,
    /// Whether some piece castles (positions then have a castling field).
    pub uses_castling: bool,
    /// For each end rule, a number of pieces some player must have at most
    /// for it to hold ([`crate::eval::few_men_bound`]).
    pub end_men: Box<[u32]>,
    /// The end rules to try, in order: all of them, and those that can hold
    /// when the player to move has a legal move (not
    /// [`crate::eval::needs_no_moves`]).
    pub end_order: [Box<[u16]>; 2],
    /// Whether no rule adds a piece to the board (so the number of pieces
    /// never grows, and a repetition is looked for only since it changed).
    pub monotone: bool,
    /// The kinds that castle or are castled with, bit per kind.
    pub castle_kinds: u32,
    /// Zobrist keys of an unmoved piece of those kinds, per square.
    pub zobrist_unmoved: Box<[u64]>,
    /// For each square where a piece that castles (or is castled with)
    /// starts, the start squares of the pieces it could castle with: a right
    /// to castle is a pair of them, both unmoved.
    pub castle_mates: Box<[B]>,
    /// For each move rule: a royal piece's plain move (no effect but marks
    /// on the piece, not capturing without moving, not castling or en
    /// passant), whose legality can be judged by whether its destination is
    /// attacked.
    pub royal_fast: Box<[bool]>,
    /// For each move rule: a piece moves (taking what stands where it
    /// lands) and nothing else happens; made without looking further.
    pub plain_make: Box<[bool]>,
    /// For each player: whether its attacks read only the board (every
    /// condition they depend on is [`board_only`]), so that a royal move can
    /// be judged on a copy where the piece has only been moved.
    pub board_attacks: [bool; MAX_PLAYERS],
    /// For each player: whether its attacks depend only on where pieces
    /// stand and on what each attacker carries on its own square
    /// ([`own_square_only`]), except on the squares of `zone_counts` and
    /// `zone_blockable`: there another piece's move changes nothing else.
    pub own_attacks: [bool; MAX_PLAYERS],
    /// For each player: whether its attacks depend only on where pieces
    /// stand (no conditions, no promotions that may fail, no counts).
    pub simple_attacks: [bool; MAX_PLAYERS],
    /// For each player, the move rules in order (by piece, then rule; the
    /// player's own moves last).
    pub gens: [Vec<Gen<B>>; MAX_PLAYERS],
    /// For each player, the attacks that player makes.
    pub attacks: [Attacks<B>; MAX_PLAYERS],
    /// For each kind of piece, its promotions.
    pub promos: Vec<Option<Promos<B>>>,
    /// For each kind, its reach classes: squares grouped by which a piece of
    /// that kind could reach from each other on an empty board.
    pub reach_class: Vec<Box<[u8]>>,
    /// Kinds of piece that are royal, bit per kind.
    pub royal: u32,
    /// Kinds that are royal or may promote to a royal kind: their moves
    /// always need the check test.
    pub royalish: u32,
    /// The index of the forbid rule "not in check afterwards", handled by the
    /// fast legality test.
    pub check_rule: Option<usize>,
    /// Whether a restriction other than check is in force somewhere (a
    /// game's forbid rule, or a phase's other than squares it closes).
    pub restricted: bool,
    /// For each player to move, each player to move after it (the same in
    /// a run of moves; at `side * MAX_PLAYERS + next`), and each number `j`
    /// of forbid rules (the first `j`, the check rule aside): whether all of
    /// them surely refuse no move of the node, by the hints alone (bit
    /// `2 * reps + mobile`, where `reps` is the most times a position of the
    /// history has occurred, up to `KILL_REPS`, and `mobile` whether the next
    /// player keeps a move whatever the mover does).
    pub kills: [Box<[u64]>; MAX_PLAYERS * MAX_PLAYERS],
    /// For each player, the rules [`Engine::robustly_mobile`] reads.
    pub mobility: [Box<[u16]>; MAX_PLAYERS],
    /// Whether some rule only applies when a player is stuck.
    pub has_stuck: bool,
    /// Whether some move continues the turn (`(continue ...)`).
    pub has_parts: bool,
    /// For each phase code (see [`Gen::phase`]): whether a move of the rules
    /// in force may continue the turn.
    pub continues: Box<[bool]>,
    /// Whether history entries must record check (a perpetual-check rule).
    pub needs_check_history: bool,
    /// Whether any rule asks where a piece started (positions then write origins).
    pub uses_origin: bool,
    /// Whether any rule asks whether a piece has moved.
    pub uses_unmoved: bool,
    /// Zobrist keys: `zobrist[code * squares + sq]`.
    pub zobrist: Box<[u64]>,
    /// Zobrist keys of the player to move.
    pub zobrist_side: [u64; MAX_PLAYERS],
    /// Zobrist keys of the phase and the moves left in it.
    pub zobrist_phase: Box<[u64]>,
    /// The lines drawn on the board ([`Model::lines`]), each as a set.
    pub line_masks: Box<[B]>,
    /// `(pliesSince ...)` counters.
    pub counters: Box<[Events]>,
    /// For each player and kind, how many pieces the player started with.
    pub start_count: [[u8; MAX_PIECES]; MAX_PLAYERS],
    /// The kind that stood on each square at the start ([`NO_KIND`] if none).
    pub start_kind: Box<[u8]>,
    /// For each player and kind, the squares its pieces of that kind started on.
    pub start_squares: [[B; MAX_PIECES]; MAX_PLAYERS],
    /// The start position.
    pub start: State<B>,
    /// For each player, the kinds of piece (bit per kind) two of whose rules
    /// can make the same move: their moves are de-duplicated (the first rule
    /// that makes a move makes it).
    pub overlap: [u32; MAX_PLAYERS],
    /// For each player, its rules not only offered when stuck, as drawing
    /// a random move reads them.
    pub draws: [Draws<B>; MAX_PLAYERS],
    /// From [`DrawRule::most_at`] and [`DrawGroup::most_at`]: for each
    /// square, the most moves a piece there can have by the rule or group
    /// (on an empty board, promotions counted), an upper bound used to draw
    /// moves at random without finding them all.
    pub most: Vec<u16>,
    /// For each phase: per player, the squares no move may go to (the
    /// phase's restrictions of the form `(in (to) SQUARES)`, applied when
    /// moves are generated), and which of its restrictions remain.
    pub phase_masks: Vec<([B; MAX_PLAYERS], Vec<usize>)>,
}

fn resolve_sites<B: Bits>(sites: &[Vec<u8>], player: usize) -> B {
    sites.get(player).map_or(B::ZERO, |v| {
        v.iter().fold(B::ZERO, |acc, &s| acc | B::bit(s))
    })
}

impl<B: Bits> Engine<B> {
    /// Derives the tables of a game from its model and rule graph.
    pub(crate) fn build(model: Model, graph: RuleGraph) -> Self {
        let board = &model.board;
        let n = board.len();
        let all = (0..n as u8).fold(B::ZERO, |acc, s| acc | B::bit(s));
        let rays: Box<[[B; 8]]> = (0..n as u8)
            .map(|sq| {
                let mut r = [B::ZERO; 8];
                for d in Dir::ALL {
                    for s in board.ray(sq, d) {
                        r[d.0 as usize] |= B::bit(s);
                    }
                }
                r
            })
            .collect();
        let mut line_dir = vec![u8::MAX; n * n].into_boxed_slice();
        for (a, r) in rays.iter().enumerate() {
            for (d, ray) in r.iter().enumerate() {
                for b in ray.iter() {
                    line_dir[a * n + b as usize] = d as u8;
                }
            }
        }
        let mut dir_up = [false; 8];
        for d in Dir::ALL {
            // Squares are numbered rank by rank, so a direction goes up the
            // numbers if its first step from any square does.
            dir_up[d.0 as usize] = (0..n as u8).any(|s| board.step(s, d).is_some_and(|t| t > s));
        }

        let mut gens: [Vec<Gen<B>>; MAX_PLAYERS] = Default::default();
        let mut attacks: [Attacks<B>; MAX_PLAYERS] = Default::default();
        for (player, pdef) in model.players.iter().enumerate().take(MAX_PLAYERS) {
            // Walk the rule graph: piece → its move rules, in order; then the
            // player's own moves.
            let mut rules: Vec<usize> = Vec::new();
            for piece in 0..model.pieces.len() {
                rules.extend(graph.moves_of(piece));
            }
            rules.extend(model.player_moves.iter().copied());
            for ph in &model.phases {
                rules.extend(ph.moves.iter().copied());
            }
            for p in model.parts.iter().take(MAX_PARTS) {
                rules.extend(p.moves.iter().copied());
            }
            for rule in rules {
                let md = &model.moves[rule];
                let phase = match (md.part, md.phase) {
                    (Some(k), _) if k < MAX_PARTS => PART_BASE + k as u8,
                    (Some(_), _) => continue,
                    (None, None) => NORMAL,
                    (None, Some(i)) if i < model.phases.len() => i as u8,
                    (None, Some(_)) => continue, // a move of a phase that is not played
                };
                let kind = match &md.kind {
                    MoveKind::Step(dirs) => {
                        let dirs: Vec<Dir> = dirs.iter().map(|d| d.resolve(pdef.forward)).collect();
                        GenKind::Leap(leap_table(board, |sq| {
                            dirs.iter().filter_map(|&d| board.step(sq, d)).collect()
                        }))
                    }
                    MoveKind::Leap(a, b) => {
                        GenKind::Leap(leap_table(board, |sq| leap_targets(board, sq, *a, *b)))
                    }
                    MoveKind::Slide(dirs, min, max) => {
                        let ds: Box<[u8]> =
                            dirs.iter().map(|d| d.resolve(pdef.forward).0).collect();
                        if *min <= 1 && max.is_none() && md.avoid.is_none() {
                            GenKind::Slide(ds)
                        } else {
                            // The squares within range, up to the first
                            // square to avoid: the slide may not cross it.
                            let (lo, hi) = (*min as usize, max.map_or(usize::MAX, |m| m as usize));
                            let avoid: B = md
                                .avoid
                                .as_ref()
                                .map_or(B::ZERO, |a| resolve_sites(a, player));
                            GenKind::SlideRange(
                                ds,
                                (0..n as u8)
                                    .map(|sq| {
                                        let mut r = [B::ZERO; 8];
                                        for d in Dir::ALL {
                                            for (i, s) in board.ray(sq, d).into_iter().enumerate() {
                                                if avoid.has(s) {
                                                    break;
                                                }
                                                if i + 1 >= lo && i < hi {
                                                    r[d.0 as usize] |= B::bit(s);
                                                }
                                            }
                                        }
                                        r
                                    })
                                    .collect(),
                            )
                        }
                    }
                    MoveKind::Along => {
                        GenKind::Leap(leap_table(board, |sq| along_targets(&model.lines, sq)))
                    }
                    MoveKind::Fly(sites) => {
                        let set: B = resolve_sites(sites, player);
                        GenKind::Leap(leap_table(board, |sq| {
                            set.iter().filter(|&t| t != sq).collect()
                        }))
                    }
                    MoveKind::Remove(sites) => GenKind::Remove(resolve_sites(sites, player)),
                    MoveKind::Pass => GenKind::Pass,
                    MoveKind::Jump(vecs) => GenKind::Leap(leap_table(board, |sq| {
                        vecs.iter()
                            .filter_map(|&v| offset(board, sq, frame(pdef.forward, v)))
                            .collect()
                    })),
                    MoveKind::Ride(vecs, max) => {
                        let vs: Vec<(i32, i32)> =
                            vecs.iter().map(|&v| frame(pdef.forward, v)).collect();
                        GenKind::Ride(vector_rays(board, &vs, *max))
                    }
                    MoveKind::Hop(vecs, hurdle, max) => {
                        let vs: Vec<(i32, i32)> =
                            vecs.iter().map(|&v| frame(pdef.forward, v)).collect();
                        GenKind::Hop(vector_rays(board, &vs, *max), *hurdle)
                    }
                    MoveKind::Path(paths) => GenKind::Path(
                        (0..n as u8)
                            .map(|sq| {
                                let mut out: Vec<(u8, B)> = Vec::new();
                                for p in paths {
                                    let mut cur = Some(sq);
                                    let mut mask = B::ZERO;
                                    for (i, &v) in p.iter().enumerate() {
                                        cur = cur
                                            .and_then(|c| offset(board, c, frame(pdef.forward, v)));
                                        match cur {
                                            Some(c) if i + 1 < p.len() => mask |= B::bit(c),
                                            _ => {}
                                        }
                                    }
                                    if let Some(to) = cur.filter(|&t| t != sq && !mask.has(t)) {
                                        if !out.contains(&(to, mask)) {
                                            out.push((to, mask));
                                        }
                                    }
                                }
                                out.into_boxed_slice()
                            })
                            .collect(),
                    ),
                    MoveKind::Castle { partner, steps } => {
                        GenKind::Castle(*partner as u8, (*steps).min(255) as u8)
                    }
                    MoveKind::CaptureJump { dirs, again } => GenKind::CaptureJump(
                        dirs.iter().map(|d| d.resolve(pdef.forward).0).collect(),
                        *again,
                    ),
                    MoveKind::Drop {
                        sites,
                        gravity,
                        piece,
                        from_hand,
                    } => GenKind::Drop(
                        if sites.is_empty() {
                            all
                        } else {
                            resolve_sites(sites, player)
                        },
                        gravity.map_or(u8::MAX, |d| d.0),
                        if *from_hand { *piece as u8 } else { NO_KIND },
                    ),
                };
                // Squares to avoid are never landed on (slides also stop
                // before them, above).
                let kind = match (kind, &md.avoid) {
                    (GenKind::Leap(t), Some(a)) => {
                        let avoid: B = resolve_sites(a, player);
                        GenKind::Leap(t.iter().map(|&x| x & !avoid).collect())
                    }
                    (k, _) => k,
                };
                let from_mask = md.from.as_ref().map_or(all, |f| resolve_sites(f, player));
                let piece = md.piece.map_or(NO_KIND, |p| p as u8);
                // Counted in bulk: no condition (or one that is a mask of
                // start squares), and effects that only mark the piece or the
                // square passed over change nothing in how the moves are
                // found (start squares are a mask too).
                let guard_set = md
                    .guard
                    .as_ref()
                    .and_then(|c| FromSet::of(c, board, pdef.forward, all));
                let countable = (md.guard.is_none() || guard_set.is_some())
                    && md
                        .effects
                        .iter()
                        .all(|e| matches!(e, Effect::SetFlag(_) | Effect::EnPassant))
                    && !md.when_stuck
                    && !md.stay
                    && md.put.is_none()
                    && md.part.is_none()
                    && md.target != Target::EnPassant
                    && !matches!(
                        md.kind,
                        MoveKind::Castle { .. } | MoveKind::CaptureJump { .. }
                    )
                    && piece != NO_KIND;
                let plain =
                    countable && md.guard.is_none() && md.from.is_none() && md.effects.is_empty();
                let shifts = match &kind {
                    GenKind::Leap(t) => {
                        Shift::split(t).filter(|s| s.len() <= 2).unwrap_or_default()
                    }
                    _ => Box::default(),
                };
                let ranged = match (&md.kind, &kind) {
                    (MoveKind::Slide(_, min, Some(max)), GenKind::SlideRange(ds, _))
                        if ds.len() == 1 && *max <= 16 && md.avoid.is_none() =>
                    {
                        Shift::along(board, Dir(ds[0]))
                            .map(|s| (s, (*min).max(1) as u8, *max as u8))
                    }
                    _ => None,
                };
                let g = Gen {
                    countable,
                    piece,
                    rule: rule as u8,
                    target: md.target,
                    kind,
                    from_mask,
                    guard: md.guard.clone(),
                    guard_by_from: md.guard.as_ref().is_some_and(|c| !reads_to(c)),
                    guard_set,
                    stuck: md.when_stuck,
                    stay: md.stay,
                    plain,
                    phase,
                    anchored: md.part.is_some() && piece != NO_KIND,
                    bulk: false,
                    promo_zone: B::ZERO,
                    promo_count: 0,
                    count_bulk: false,
                    dyn_zone: B::ZERO,
                    shifts,
                    near_dyn: B::ZERO,
                    ranged,
                    first_steps: Box::default(),
                };
                if !matches!(md.target, Target::Empty | Target::EnPassant)
                    && piece != NO_KIND
                    && !md.when_stuck
                    && phase == NORMAL
                {
                    let att = &mut attacks[player];
                    let unconditional = md.guard.is_none() && md.from.is_none();
                    match &g.kind {
                        GenKind::Leap(t) if unconditional => {
                            att.leaps.push((piece, reverse(t, n)));
                        }
                        GenKind::Slide(ds) if unconditional => {
                            for &d in ds {
                                att.slides[d as usize] |= 1 << piece;
                            }
                        }
                        _ => {
                            att.forward.push(gens[player].len());
                            att.forward_from.push(match &g.kind {
                                GenKind::Leap(t) => reverse(t, n),
                                _ => Box::default(),
                            });
                            if !matches!(g.kind, GenKind::Leap(_)) {
                                att.blockable = true;
                            }
                            if let Some(c) = &md.guard {
                                let s = sensitivity(c);
                                att.blockable |= s.occupancy;
                                att.counts |= s.counts;
                            }
                        }
                    }
                }
                gens[player].push(g);
            }
        }

        let promos: Vec<Option<Promos<B>>> = model
            .pieces
            .iter()
            .map(|p| {
                if p.promotions.is_empty() {
                    return None;
                }
                let mut zone = [B::ZERO; MAX_PLAYERS];
                let rules: Vec<PromoRule<B>> = p
                    .promotions
                    .iter()
                    .map(|pr| {
                        let mut z = [B::ZERO; MAX_PLAYERS];
                        for (pl, zz) in z.iter_mut().enumerate() {
                            *zz = resolve_sites(&pr.zone, pl);
                            zone[pl] |= *zz;
                        }
                        PromoRule {
                            zone: z,
                            kinds: pr.to.clone(),
                            guard: pr.guard.clone(),
                            optional: pr.optional,
                            again: pr.effects.iter().find_map(|e| match e {
                                Effect::MoveAgain(g) => {
                                    Some(g.clone().unwrap_or(Cond::And(Vec::new())))
                                }
                                _ => None,
                            }),
                            flags: pr
                                .effects
                                .iter()
                                .filter_map(|e| match e {
                                    Effect::SetFlag(f) => Some(*f),
                                    _ => None,
                                })
                                .collect(),
                            identity: pr.identity.clone(),
                            relocate: pr.relocate.clone(),
                        }
                    })
                    .collect();
                let fixed = match rules.as_slice() {
                    [r] if r.guard.is_none()
                        && !r.optional
                        && r.again.is_none()
                        && r.flags.is_empty()
                        && r.identity.is_none()
                        && r.relocate.is_none() =>
                    {
                        match &r.kinds {
                            KindExpr::Fixed(k) => Some(k.iter().map(|&x| x as u8).collect()),
                            _ => None,
                        }
                    }
                    _ => None,
                };
                let relocates = rules.iter().any(|r| r.relocate.is_some());
                Some(Promos {
                    zone,
                    rules,
                    fixed,
                    relocates,
                })
            })
            .collect();
        // Attacks by pieces whose promotions depend on counts (a pawn that
        // may only promote to a lost kind) change with captures.
        for (pl, att) in attacks.iter_mut().enumerate() {
            for g in &gens[pl] {
                if g.piece == NO_KIND || g.target == Target::Empty || g.phase != NORMAL {
                    continue;
                }
                if let Some(Some(pr)) = promos.get(g.piece as usize) {
                    if pr.fixed.is_none() {
                        // Only captures into the promotion squares are affected.
                        att.zone_counts |= pr.zone[pl];
                        if pr
                            .rules
                            .iter()
                            .any(|r| r.guard.as_ref().is_some_and(|c| sensitivity(c).occupancy))
                        {
                            att.zone_blockable |= pr.zone[pl];
                        }
                    }
                }
            }
        }

        for att in &mut attacks {
            for d in 0..8u8 {
                let kinds = att.slides[d as usize];
                if kinds == 0 {
                    continue;
                }
                match att.slide_groups.iter_mut().find(|(k, _)| *k == kinds) {
                    Some((_, dirs)) => *dirs |= 1 << d,
                    None => att.slide_groups.push((kinds, 1 << d)),
                }
                for (k, p) in promos.iter().enumerate() {
                    if p.is_some() && kinds & (1 << k) != 0 {
                        att.slide_promoting |= 1 << k;
                    }
                }
            }
        }

        let dynamic = |k: u8| {
            promos
                .get(k as usize)
                .and_then(Option::as_ref)
                .is_some_and(|p| p.fixed.is_none())
        };
        for (pl, att) in attacks.iter_mut().enumerate() {
            att.dyn_leaps = att
                .leaps
                .iter()
                .filter(|(k, _)| dynamic(*k))
                .cloned()
                .collect();
            att.dyn_near_blockable = att
                .dyn_leaps
                .iter()
                .map(|(k, rev)| {
                    let near = att
                        .zone_blockable
                        .iter()
                        .fold(B::ZERO, |acc, q| acc | rev[q as usize]);
                    (*k, near)
                })
                .collect();
            att.dyn_other = att.forward.iter().any(|&gi| dynamic(gens[pl][gi].piece))
                || (0..32u8).any(|k| att.slide_promoting & (1 << k) != 0 && dynamic(k));
        }

        // For each slide group and square, the rays from it in the group's
        // directions turned by `turn` eighths (4: towards the square).
        let group_rays = |groups: &[(u32, u8)], turn: u8| -> Vec<Box<[B]>> {
            groups
                .iter()
                .map(|&(_, dirs)| {
                    rays.iter()
                        .map(|r| {
                            (0..8u8)
                                .filter(|d| dirs & (1 << d) != 0)
                                .fold(B::ZERO, |acc, d| acc | r[((d + turn) & 7) as usize])
                        })
                        .collect()
                })
                .collect()
        };
        for att in &mut attacks {
            att.group_rays = group_rays(&att.slide_groups, 0);
            att.group_lines = group_rays(&att.slide_groups, 4);
        }

        // Which rules can be counted in bulk, and their promotion squares.
        for (pl, list) in gens.iter_mut().enumerate() {
            for g in list.iter_mut() {
                if !g.countable {
                    continue;
                }
                match promos.get(g.piece as usize).and_then(Option::as_ref) {
                    None => g.bulk = g.guard.is_none(),
                    Some(p) => {
                        if let Some(f) = &p.fixed {
                            g.bulk = g.guard.is_none();
                            g.promo_zone = p.zone[pl];
                            g.promo_count = f.len() as u32;
                        } else {
                            g.dyn_zone = p.zone[pl];
                            let reach = |q: usize| match &g.kind {
                                GenKind::Leap(t) => t[q],
                                GenKind::SlideRange(ds, near) => {
                                    ds.iter().fold(B::ZERO, |acc, &d| acc | near[q][d as usize])
                                }
                                _ => B::ZERO,
                            };
                            g.near_dyn = (0..n as u8)
                                .filter(|&q| !(reach(q as usize) & g.dyn_zone).is_empty())
                                .fold(B::ZERO, |acc, q| acc | B::bit(q));
                        }
                    }
                }
                g.count_bulk = true;
            }
        }

        let reach_class = (0..model.pieces.len())
            .map(|p| reach_classes(board, &gens[0], p as u8))
            .collect();

        let mut start_count = [[0u8; MAX_PIECES]; MAX_PLAYERS];
        let mut start_kind = vec![NO_KIND; n];
        let mut start_squares = [[B::ZERO; MAX_PIECES]; MAX_PLAYERS];
        for p in &model.start {
            start_count[p.player as usize][p.piece as usize] += 1;
            start_kind[p.sq as usize] = p.piece;
            start_squares[p.player as usize][p.piece as usize] |= B::bit(p.sq);
        }

        let royal = model
            .pieces
            .iter()
            .enumerate()
            .filter(|(_, p)| p.royal)
            .fold(0u32, |acc, (i, _)| acc | 1 << i);
        let mut royalish = royal;
        for (k, p) in promos.iter().enumerate() {
            if let Some(p) = p {
                let may_be_royal = p.rules.iter().any(|r| match &r.kinds {
                    KindExpr::Fixed(ks) => ks.iter().any(|&t| royal & (1 << t) != 0),
                    KindExpr::StartKind(site) => {
                        start_kind_may_be_royal(&model, site, &r.zone, &start_kind, royal)
                    }
                    KindExpr::Lost => false,
                });
                if may_be_royal {
                    royalish |= 1 << k;
                }
            }
        }
        let check_rule = model
            .forbids
            .iter()
            .position(|f| f.cond == Cond::InCheck(PlayerRef::Mover) && !f.unless_all);
        let has_stuck = model.moves.iter().any(|m| m.when_stuck);
        let has_parts = !model.parts.is_empty();
        let mut continues = vec![false; 256].into_boxed_slice();
        for pl in &gens {
            for g in pl {
                let md = &model.moves[g.rule as usize];
                if md.effects.iter().any(|e| matches!(e, Effect::Continue(_))) {
                    continues[g.phase as usize] = true;
                }
            }
        }
        let needs_check_history = model.ends.iter().any(|e| mentions_perpetual(&e.cond))
            || model
                .forbids
                .iter()
                .chain(model.phases.iter().flat_map(|p| p.forbids.iter()))
                .any(|f: &ForbidDef| mentions_perpetual(&f.cond));

        let mut all_conds: Vec<&Cond> = Vec::new();
        all_conds.extend(model.moves.iter().filter_map(|m| m.guard.as_ref()));
        for p in &model.pieces {
            for pr in &p.promotions {
                all_conds.extend(pr.guard.as_ref());
                for e in &pr.effects {
                    if let Effect::MoveAgain(Some(c)) = e {
                        all_conds.push(c);
                    }
                }
            }
        }
        all_conds.extend(model.forbids.iter().map(|f| &f.cond));
        all_conds.extend(
            model
                .phases
                .iter()
                .flat_map(|p| p.forbids.iter().map(|f| &f.cond)),
        );
        all_conds.extend(model.ends.iter().map(|e| &e.cond));
        all_conds.extend(model.player_flags.iter().map(|p| &p.cond));
        let uses_origin = all_conds
            .iter()
            .any(|c| c.mentions(&|c| matches!(c, Cond::AtStart(_) | Cond::Absent(_))))
            || model.pieces.iter().any(|p| {
                p.promotions
                    .iter()
                    .any(|pr| pr.identity.is_some() || pr.relocate.is_some())
            });
        let uses_unmoved = all_conds
            .iter()
            .any(|c| c.mentions(&|c| matches!(c, Cond::Unmoved(_))));

        let mut rng = SplitMix(0x6c75_6400_5eed_0001);
        let codes = 1 + MAX_PIECES * MAX_PLAYERS;
        let zobrist: Box<[u64]> = (0..codes * n).map(|_| rng.next()).collect();
        let zobrist_side = [rng.next(), rng.next()];
        let zobrist_phase: Box<[u64]> = (0..(model.phases.len() + 1) * 256)
            .map(|_| rng.next())
            .collect();

        let phase_masks: Vec<([B; MAX_PLAYERS], Vec<usize>)> = model
            .phases
            .iter()
            .map(|ph| {
                let mut mask = [B::ZERO; MAX_PLAYERS];
                let mut rest = Vec::new();
                for (i, f) in ph.forbids.iter().enumerate() {
                    match &f.cond {
                        Cond::In(SiteRef::To, sites) if !f.unless_all => {
                            for (p, m) in mask.iter_mut().enumerate() {
                                *m |= resolve_sites(sites, p);
                            }
                        }
                        _ => rest.push(i),
                    }
                }
                (mask, rest)
            })
            .collect();
        let light = (0..n as u8)
            .filter(|&s| {
                let c = board.cell(s);
                (c.x + c.y) % 2 == 1
            })
            .fold(B::ZERO, |acc, s| acc | B::bit(s));
        let uses_passing = model
            .moves
            .iter()
            .any(|m| m.effects.contains(&Effect::EnPassant));
        let uses_castling = model
            .moves
            .iter()
            .any(|m| matches!(m.kind, MoveKind::Castle { .. }));
        let castle_kinds = model
            .moves
            .iter()
            .fold(0u32, |acc, m| match (&m.kind, m.piece) {
                (MoveKind::Castle { partner, .. }, Some(p)) => acc | 1 << p | 1 << partner,
                _ => acc,
            });
        let zobrist_unmoved: Box<[u64]> = (0..n).map(|_| rng.next()).collect();
        let castle_mates = castle_mates::<B>(&model, n);
        let royal_fast: Box<[bool]> = model
            .moves
            .iter()
            .map(|md| {
                md.piece.is_some_and(|p| royal & (1 << p) != 0)
                    && md.effects.iter().all(|e| matches!(e, Effect::SetFlag(_)))
                    && !md.stay
                    && md.target != Target::EnPassant
                    && matches!(
                        md.kind,
                        MoveKind::Step(_)
                            | MoveKind::Slide(..)
                            | MoveKind::Leap(..)
                            | MoveKind::Jump(_)
                            | MoveKind::Ride(..)
                            | MoveKind::Hop(..)
                            | MoveKind::Path(_)
                    )
            })
            .collect();
        let plain_make: Box<[bool]> = model
            .moves
            .iter()
            .map(|md| {
                md.piece.is_some()
                    && md.effects.is_empty()
                    && !md.stay
                    && md.put.is_none()
                    && md.target != Target::EnPassant
                    && !matches!(
                        md.kind,
                        MoveKind::Castle { .. }
                            | MoveKind::CaptureJump { .. }
                            | MoveKind::Drop { .. }
                    )
            })
            .collect();
        let board_attacks = [0, 1].map(|p: usize| {
            attacks[p]
                .forward
                .iter()
                .all(|&gi| gens[p][gi].guard.as_ref().is_none_or(board_only))
                && promos.iter().flatten().all(|pr| {
                    pr.rules
                        .iter()
                        .all(|r| r.guard.as_ref().is_none_or(board_only))
                })
        });
        let own_attacks = [0, 1].map(|p: usize| {
            let a = &attacks[p];
            !a.counts
                && a.forward.iter().all(|&gi| {
                    let g = &gens[p][gi];
                    matches!(g.kind, GenKind::Leap(_))
                        && g.guard.as_ref().is_none_or(own_square_only)
                })
        });
        let simple_attacks = [0, 1].map(|p| {
            let a = &attacks[p];
            a.forward.is_empty()
                && !a.blockable
                && !a.counts
                && a.zone_counts.is_empty()
                && a.zone_blockable.is_empty()
        });
        let restricted = model
            .forbids
            .iter()
            .enumerate()
            .any(|(i, _)| Some(i) != check_rule)
            || phase_masks.iter().any(|(_, rest)| !rest.is_empty());
        let line_masks: Box<[B]> = model
            .lines
            .iter()
            .map(|l| l.iter().fold(B::ZERO, |acc, &q| acc | B::bit(q)))
            .collect();
        let mut engine = Engine {
            id: NEXT_ENGINE_ID.fetch_add(1, std::sync::atomic::Ordering::Relaxed),
            restricted,
            royal_fast,
            plain_make,
            board_attacks,
            own_attacks,
            simple_attacks,
            light,
            uses_passing,
            uses_castling,
            end_order: [
                (0..model.ends.len() as u16).collect(),
                (0..model.ends.len() as u16)
                    .filter(|&i| !crate::eval::needs_no_moves(&model.ends[i as usize].cond))
                    .collect(),
            ],
            end_men: model
                .ends
                .iter()
                .map(|e| crate::eval::few_men_bound(&e.cond))
                .collect(),
            monotone: !model
                .moves
                .iter()
                .any(|m| matches!(m.kind, MoveKind::Drop { .. })),
            castle_kinds,
            zobrist_unmoved,
            castle_mates,
            phase_masks,
            counters: model.counters.clone().into_boxed_slice(),
            model,
            graph,
            rays,
            line_dir,
            dir_up,
            all,
            gens,
            attacks,
            promos,
            reach_class,
            royal,
            royalish,
            check_rule,
            has_stuck,
            has_parts,
            continues,
            needs_check_history,
            uses_origin,
            uses_unmoved,
            zobrist,
            zobrist_side,
            zobrist_phase,
            line_masks,
            start_count,
            start_kind: start_kind.into_boxed_slice(),
            start_squares,
            start: State::empty(MAX_PLAYERS as u8),
            overlap: [0; MAX_PLAYERS],
            draws: Default::default(),
            most: Vec::new(),
            kills: Default::default(),
            mobility: Default::default(),
        };
        engine.find_overlaps();
        engine.find_draws();
        engine.find_kills();
        let mut st = State::empty(engine.players());
        for p in &engine.model.start {
            st.put(p.sq, p.piece, p.player);
        }
        for &(from, to) in &engine.model.shifts {
            st.shift(from, to);
        }
        for &(p, k, c) in &engine.model.hands {
            let n = &mut st.hand[p as usize][k as usize];
            *n = n.saturating_add(c);
        }
        engine.enter_phase(&mut st, 0);
        st.hash = engine.hash_of(&st);
        engine.remember(&mut st);
        engine.start = st;
        engine
    }

    /// The rules as random draws see them ([`Engine::draws`]), and the
    /// first steps of plain rules.
    fn find_draws(&mut self) {
        let n = self.squares();
        for p in 0..self.players() as usize {
            let mut draws = Draws::default();
            for (gi, g) in self.gens[p].iter().enumerate() {
                if g.stuck {
                    continue;
                }
                if !g.bulk {
                    draws.listed.push((gi as u16, g.phase));
                    continue;
                }
                let most_at = self.most.len() as u32;
                for sq in 0..n as u8 {
                    let w = g.moves_to(self.potential(g, sq));
                    self.most.push(u16::try_from(w).unwrap_or(u16::MAX));
                }
                let rule = DrawRule {
                    gen: gi as u16,
                    from_mask: g.from_mask,
                    most_at,
                };
                match draws
                    .groups
                    .iter_mut()
                    .find(|d| d.piece == g.piece && d.phase == g.phase)
                {
                    Some(d) => {
                        d.from_mask |= g.from_mask;
                        d.rules.push(rule);
                    }
                    None => draws.groups.push(DrawGroup {
                        piece: g.piece,
                        phase: g.phase,
                        from_mask: g.from_mask,
                        most_at: 0,
                        uniform: 0,
                        rules: vec![rule],
                    }),
                }
            }
            // Each group's most moves per square: the sum over its rules.
            for d in &mut draws.groups {
                d.most_at = self.most.len() as u32;
                let mut uniform = None;
                for sq in 0..n as u8 {
                    let w = d
                        .rules
                        .iter()
                        .filter(|r| r.from_mask.has(sq))
                        .map(|r| u32::from(self.most[r.most_at as usize + sq as usize]))
                        .sum::<u32>();
                    let w = u16::try_from(w).unwrap_or(u16::MAX);
                    self.most.push(w);
                    if d.from_mask.has(sq) && *uniform.get_or_insert(w) != w {
                        uniform = Some(0);
                    }
                }
                d.uniform = uniform.unwrap_or(0);
            }
            self.draws[p] = draws;
            let board = &self.model.board;
            for g in &mut self.gens[p] {
                g.first_steps = match &g.kind {
                    GenKind::Leap(table) => table.clone(),
                    GenKind::Slide(ds) => (0..board.len() as u8)
                        .map(|sq| {
                            ds.iter()
                                .filter_map(|&d| board.step(sq, Dir(d)))
                                .fold(B::ZERO, |acc, q| acc | B::bit(q))
                        })
                        .collect(),
                    _ => Box::default(),
                };
            }
            // The rules the mobility bound reads, those that find many
            // pieces at once first.
            let mut order: Vec<u16> = (0..self.gens[p].len() as u16)
                .filter(|&gi| {
                    let g = &self.gens[p][gi as usize];
                    g.plain
                        && g.phase == NORMAL
                        && self.royalish & (1 << g.piece) == 0
                        && !g.first_steps.is_empty()
                })
                .collect();
            order.sort_by_key(|&gi| self.gens[p][gi as usize].shifts.is_empty());
            self.mobility[p] = order.into_boxed_slice();
        }
    }

    /// Marks the kinds two of whose rules can make the same move (same
    /// squares, both able to land on the same kind of square, both moving or
    /// both capturing without moving), and takes them off bulk counting.
    fn find_overlaps(&mut self) {
        let compatible = |a: Target, b: Target| {
            !matches!(
                (a, b),
                (Target::Empty | Target::EnPassant, Target::Enemy)
                    | (Target::Enemy, Target::Empty | Target::EnPassant)
            )
        };
        for p in 0..self.players() as usize {
            let gens = &self.gens[p];
            let mut kinds = 0u32;
            for (i, a) in gens.iter().enumerate() {
                if a.piece == NO_KIND {
                    continue;
                }
                for b in &gens[i + 1..] {
                    if b.piece != a.piece
                        || b.phase != a.phase
                        || b.stuck != a.stuck
                        || b.stay != a.stay
                        || !compatible(a.target, b.target)
                    {
                        continue;
                    }
                    let shared = (a.from_mask & b.from_mask)
                        .iter()
                        .any(|sq| !(self.potential(a, sq) & self.potential(b, sq)).is_empty());
                    if shared {
                        kinds |= 1 << a.piece;
                    }
                }
            }
            self.overlap[p] = kinds;
            for g in &mut self.gens[p] {
                if g.piece != NO_KIND && kinds & (1 << g.piece) != 0 {
                    g.bulk = false;
                    g.count_bulk = false;
                }
            }
        }
    }

    /// Number of squares.
    #[inline]
    pub(crate) fn squares(&self) -> usize {
        self.rays.len()
    }

    /// The board.
    pub(crate) fn board(&self) -> &Board {
        &self.model.board
    }

    /// Number of players.
    #[inline]
    pub(crate) fn players(&self) -> u8 {
        self.model.players.len() as u8
    }

    /// The player after `p` in turn order.
    #[inline]
    pub(crate) fn next_player(&self, p: u8) -> u8 {
        if p + 1 >= self.players() {
            0
        } else {
            p + 1
        }
    }

    /// Puts a state into phase `p` (or the first later phase that has moves),
    /// with the first player to move.
    pub(crate) fn enter_phase(&self, st: &mut State<B>, p: usize) {
        (st.phase, st.phase_left) = self.phase_entered(p);
    }

    /// The phase and the moves left in it on entering phase `p` (the first
    /// from it on that has moves).
    fn phase_entered(&self, mut p: usize) -> (u8, u8) {
        while let Some(ph) = self.model.phases.get(p) {
            if ph.moves_each > 0 {
                return (p as u8, ph.moves_each.min(255) as u8);
            }
            p += 1;
        }
        (self.model.phases.len() as u8, 0)
    }

    /// Who moves after a move in `st`, in which phase, with how many moves
    /// left in it: `(side, phase, phase_left)`.
    pub(crate) fn next_turn(&self, st: &State<B>) -> (u8, u8, u8) {
        let next = self.next_player(st.side);
        let Some(ph) = self.model.phases.get(st.phase as usize) else {
            return (next, st.phase, st.phase_left);
        };
        let left = st.phase_left.saturating_sub(1);
        if left > 0 {
            (st.side, st.phase, left)
        } else if next == 0 {
            let (phase, left) = self.phase_entered(st.phase as usize + 1);
            (next, phase, left)
        } else {
            (next, st.phase, ph.moves_each.min(255) as u8)
        }
    }

    /// Whether rule `g` is played in the state's phase: a phase's own moves
    /// in that phase, the pieces' moves otherwise.
    #[inline]
    pub(crate) fn in_phase(&self, st: &State<B>, g: &Gen<B>) -> bool {
        g.phase == self.phase_of_moves(st)
    }

    /// The phase whose move rules are in force in `st` ([`NORMAL`] for
    /// normal play, or a phase without moves of its own).
    #[inline]
    pub(crate) fn phase_of_moves(&self, st: &State<B>) -> u8 {
        if st.part != 0 {
            return PART_BASE + st.part - 1;
        }
        if self.model.phases.is_empty() {
            return NORMAL;
        }
        let active = self
            .model
            .phases
            .get(st.phase as usize)
            .is_some_and(|p| !p.moves.is_empty());
        if active {
            st.phase
        } else {
            NORMAL
        }
    }

    /// The Zobrist key of a piece code on a square.
    #[inline]
    pub(crate) fn z(&self, code: u8, sq: u8) -> u64 {
        self.zobrist[code as usize * self.squares() + sq as usize]
    }

    /// The key of the phase part of a state.
    #[inline]
    pub(crate) fn z_phase(&self, st: &State<B>) -> u64 {
        if st.phase as usize >= self.model.phases.len() {
            0
        } else {
            self.zobrist_phase[st.phase as usize * 256 + st.phase_left as usize]
        }
    }

    /// The Zobrist key of a state computed from scratch.
    pub(crate) fn hash_of(&self, st: &State<B>) -> u64 {
        let mut h = self.zobrist_side[st.side as usize] ^ self.z_phase(st) ^ z_part(st);
        for sq in 0..self.squares() as u8 {
            let c = st.at(sq);
            if c != crate::state::EMPTY {
                h ^= self.z(c, sq);
            }
        }
        if st.passer != NO_SQ {
            h ^= self.z(crate::state::EMPTY, st.passer);
        }
        for (p, hand) in st.hand.iter().enumerate() {
            for (k, &n) in hand.iter().enumerate() {
                h ^= z_hand(p as u8, k as u8, n);
            }
        }
        h ^ self.castle_key(st)
    }

    /// The part of the key that holds castling rights (0 in games without
    /// castling), so that positions differ exactly where rights differ: a
    /// key for each unmoved piece of a kind that castles or is castled with
    /// that still has an unmoved mate to castle with. A rook that moved and
    /// came back after its king had moved leaves the key as it was.
    #[inline]
    pub(crate) fn castle_key(&self, st: &State<B>) -> u64 {
        self.rights_key(self.castle_squares(st) & st.unmoved)
    }

    /// [`Engine::castle_key`] for the unmoved castling pieces `u`.
    pub(crate) fn rights_key(&self, u: B) -> u64 {
        u.iter()
            .filter(|&q| !(self.castle_mates[q as usize] & u).is_empty())
            .fold(0, |h, q| h ^ self.zobrist_unmoved[q as usize])
    }

    /// The squares of pieces of the kinds that castle or are castled with.
    #[inline]
    pub(crate) fn castle_squares(&self, st: &State<B>) -> B {
        st.all_of_kinds(self.castle_kinds)
    }

    /// The squares attacked by a slide from `sq` in direction `d`, stopping
    /// on the first piece of `occ`.
    #[inline]
    pub(crate) fn ray_attack(&self, sq: u8, d: u8, occ: B) -> B {
        let ray = self.rays[sq as usize][d as usize];
        let blockers = ray & occ;
        if blockers.is_empty() {
            ray
        } else {
            let b = if self.dir_up[d as usize] {
                blockers.lsb()
            } else {
                blockers.msb()
            };
            ray ^ self.rays[b as usize][d as usize]
        }
    }

    /// The first piece of `occ` from `sq` in direction `d`.
    #[inline]
    pub(crate) fn first_blocker(&self, sq: u8, d: u8, occ: B) -> Option<u8> {
        let blockers = self.rays[sq as usize][d as usize] & occ;
        if blockers.is_empty() {
            None
        } else if self.dir_up[d as usize] {
            Some(blockers.lsb())
        } else {
            Some(blockers.msb())
        }
    }

    /// The squares holding `player`'s royal pieces.
    #[inline]
    pub(crate) fn royals(&self, st: &State<B>, player: u8) -> B {
        st.of_kinds(self.royal, player)
    }

    /// Whether `player` has a royal piece under attack.
    pub(crate) fn in_check(&self, st: &State<B>, player: u8) -> bool {
        let occ = st.occupied();
        let by = self.next_player(player);
        self.royals(st, player)
            .iter()
            .any(|k| self.attacked(st, k, by, occ))
    }

    /// Every kind a piece of `kind` might promote to.
    pub(crate) fn promotion_targets(&self, kind: u8) -> Vec<u8> {
        let Some(p) = self.promos.get(kind as usize).and_then(Option::as_ref) else {
            return Vec::new();
        };
        let mut out: Vec<u8> = Vec::new();
        for r in &p.rules {
            match &r.kinds {
                KindExpr::Fixed(k) => out.extend(k.iter().map(|&x| x as u8)),
                KindExpr::StartKind(_) | KindExpr::Lost => out.extend(
                    (0..self.model.pieces.len() as u8)
                        .filter(|&k| k != kind && self.royal & (1 << k) == 0),
                ),
            }
        }
        out.sort_unstable();
        out.dedup();
        out
    }

    /// The square a [`SiteRef`] names for a move from `from` to `to` by `mover`.
    pub(crate) fn site(&self, st: &State<B>, s: &SiteRef, mover: u8, from: u8, to: u8) -> u8 {
        match s {
            SiteRef::From => from,
            SiteRef::To => to,
            SiteRef::Square(q) => *q,
            SiteRef::Adjacent(d) => {
                if from == NO_SQ {
                    return NO_SQ;
                }
                let fwd = self.model.players[mover as usize].forward;
                self.board().step(from, d.resolve(fwd)).unwrap_or(NO_SQ)
            }
            SiteRef::Origin => {
                if from == NO_SQ {
                    NO_SQ
                } else {
                    st.origin_of(from)
                }
            }
            SiteRef::StartOf(k) => {
                let s = self.start_squares[mover as usize][*k as usize];
                if s.is_empty() {
                    NO_SQ
                } else {
                    s.lsb()
                }
            }
            SiteRef::HomeOf(inner) => {
                let q = self.site(st, inner, mover, from, to);
                if q == NO_SQ {
                    return NO_SQ;
                }
                let fwd = self.model.players[mover as usize].forward;
                let back = fwd.opposite();
                let mut cur = q;
                while let Some(nx) = self.board().step(cur, back) {
                    cur = nx;
                }
                cur
            }
        }
    }
}

/// [`Engine::castle_mates`]: for each start square of a piece that castles,
/// the start squares of its owner's partners on the same rank, and the other
/// way round.
fn castle_mates<B: Bits>(model: &Model, n: usize) -> Box<[B]> {
    let mut mates = vec![B::ZERO; n];
    // Where each piece stands when play begins (after the moves before it).
    let mut at: Vec<(u8, u8, u8)> = model
        .start
        .iter()
        .map(|p| (p.sq, p.player, p.piece))
        .collect();
    for &(from, to) in &model.shifts {
        if let Some(x) = at.iter_mut().find(|x| x.0 == from) {
            x.0 = to;
        }
    }
    let b = &model.board;
    for m in &model.moves {
        let (MoveKind::Castle { partner, .. }, Some(piece)) = (&m.kind, m.piece) else {
            continue;
        };
        for &(a, pa, _) in at.iter().filter(|x| x.2 as usize == piece) {
            for &(c, pc, kc) in &at {
                if kc as usize == *partner && pc == pa && c != a && b.cell(c).y == b.cell(a).y {
                    mates[a as usize] |= B::bit(c);
                    mates[c as usize] |= B::bit(a);
                }
            }
        }
    }
    mates.into_boxed_slice()
}

/// Whether a `(startKind SITE)` promotion could name a royal kind on some
/// square of its zone (conservatively yes if the site depends on where the
/// piece came from).
fn start_kind_may_be_royal<B: Bits>(
    model: &Model,
    site: &SiteRef,
    zone: &[B; MAX_PLAYERS],
    start_kind: &[u8],
    royal: u32,
) -> bool {
    fn fixed(s: &SiteRef) -> bool {
        match s {
            SiteRef::To | SiteRef::Square(_) | SiteRef::StartOf(_) => true,
            SiteRef::HomeOf(inner) => fixed(inner),
            SiteRef::From | SiteRef::Adjacent(_) | SiteRef::Origin => false,
        }
    }
    if !fixed(site) {
        return true;
    }
    let board = &model.board;
    (0..model.players.len().min(MAX_PLAYERS)).any(|p| {
        zone[p].iter().any(|z| {
            let q = match site {
                SiteRef::To => z,
                SiteRef::Square(q) => *q,
                SiteRef::StartOf(k) => model
                    .start
                    .iter()
                    .find(|pl| pl.player as usize == p && pl.piece == *k)
                    .map_or(NO_SQ, |pl| pl.sq),
                SiteRef::HomeOf(_) => {
                    // The first-rank square of the zone square's file.
                    let fwd = model.players[p].forward.opposite();
                    let mut cur = z;
                    while let Some(n) = board.step(cur, fwd) {
                        cur = n;
                    }
                    cur
                }
                _ => NO_SQ,
            };
            start_kind
                .get(q as usize)
                .is_some_and(|&k| k != NO_KIND && royal & (1 << k) != 0)
        })
    })
}

/// What a condition's truth can depend on, for the legality shortcuts.
#[derive(Clone, Copy, Debug, Default)]
pub(crate) struct Sensitivity {
    /// Where pieces stand (beyond the moving piece's own square and flags).
    pub occupancy: bool,
    /// How many pieces each player has.
    pub counts: bool,
}

/// Whether `c`, judged for a move of the attacker, reads only the board:
/// where pieces stand and what they carry, and players named from the mover
/// (not the player to move, the counters, the remembered facts or the
/// history). Such conditions read the same on a state where a piece has
/// only been moved (see [`Engine::passes_check_in`]).
fn board_only(c: &Cond) -> bool {
    let named = |p: &PlayerRef| !matches!(p, PlayerRef::Next);
    let int = |e: &IntExpr| match e {
        IntExpr::Lit(_) => true,
        IntExpr::Count(p, _) | IntExpr::CountIn(p, ..) => named(p),
        IntExpr::PliesSince(_) | IntExpr::InHand(..) => false,
    };
    match c {
        Cond::And(cs) | Cond::Or(cs) => cs.iter().all(board_only),
        Cond::Not(c) => board_only(c),
        Cond::Cmp(_, a, b) => int(a) && int(b),
        Cond::Is(a, b) => named(a) && named(b),
        Cond::Unmoved(_)
        | Cond::AtStart(_)
        | Cond::Flagged(..)
        | Cond::LostCouldReach
        | Cond::KindIs(_)
        | Cond::Removing
        | Cond::Absent(_)
        | Cond::In(..)
        | Cond::Checks(_)
        | Cond::Holds(_, _, None)
        | Cond::InLine(_)
        | Cond::Exists(_)
        | Cond::SameShade(_) => true,
        Cond::Holds(_, _, Some(p)) => named(p),
        Cond::Lost(p, _)
        | Cond::Reached(p, ..)
        | Cond::Attacked(_, p)
        | Cond::CheckedBy(p, _)
        | Cond::Material(p, _)
        | Cond::InARow(p, ..) => named(p),
        Cond::InCheck(_)
        | Cond::NoMoves(..)
        | Cond::Repeated(_)
        | Cond::PerpetualCheck(_)
        | Cond::Remembers(..)
        | Cond::Passes(_)
        | Cond::Capturing => false,
    }
}

/// Whether `c`, judged for a move of the attacker, reads nothing but what
/// the attacker's own square holds and carries (moved or not, where it
/// started, its marks): another piece's move cannot change it.
fn own_square_only(c: &Cond) -> bool {
    match c {
        Cond::And(cs) | Cond::Or(cs) => cs.iter().all(own_square_only),
        Cond::Not(c) => own_square_only(c),
        Cond::Unmoved(s) | Cond::AtStart(s) | Cond::Flagged(_, s) => *s == SiteRef::From,
        _ => false,
    }
}

pub(crate) fn sensitivity(c: &Cond) -> Sensitivity {
    let mut s = Sensitivity::default();
    visit(c, &mut s);
    s
}

fn visit(c: &Cond, s: &mut Sensitivity) {
    match c {
        Cond::And(cs) | Cond::Or(cs) => cs.iter().for_each(|c| visit(c, s)),
        Cond::Not(c) => visit(c, s),
        Cond::Flagged(_, SiteRef::From)
        | Cond::Remembers(..)
        | Cond::KindIs(_)
        | Cond::In(..)
        | Cond::Removing => {}
        Cond::Lost(..) | Cond::LostCouldReach | Cond::Absent(_) => s.counts = true,
        Cond::Cmp(_, a, b) => {
            for e in [a, b] {
                if let IntExpr::Count(..) | IntExpr::CountIn(..) | IntExpr::InHand(..) = e {
                    s.counts = true;
                }
                if let IntExpr::CountIn(..) = e {
                    s.occupancy = true;
                }
            }
        }
        _ => s.occupancy = true,
    }
}

fn mentions_perpetual(c: &Cond) -> bool {
    c.mentions(&|c| matches!(c, Cond::PerpetualCheck(_)))
}

/// Whether a condition judged for a move reads where the move goes (its
/// destination, or the kind a promotion offers there).
fn reads_to(c: &Cond) -> bool {
    fn site(s: &SiteRef) -> bool {
        match s {
            SiteRef::To => true,
            SiteRef::HomeOf(inner) => site(inner),
            _ => false,
        }
    }
    c.mentions(&|c| match c {
        Cond::Unmoved(s)
        | Cond::AtStart(s)
        | Cond::Flagged(_, s)
        | Cond::Absent(s)
        | Cond::In(s, _)
        | Cond::Attacked(s, _)
        | Cond::Checks(s)
        | Cond::InLine(s)
        | Cond::Holds(s, ..) => site(s),
        Cond::KindIs(_) | Cond::LostCouldReach | Cond::Exists(_) => true,
        _ => false,
    })
}

/// For each square, the number of the class of squares a piece of `kind`
/// could travel between on an empty board (by its rules for the first player).
fn reach_classes<B: Bits>(board: &Board, gens: &[Gen<B>], kind: u8) -> Box<[u8]> {
    let n = board.len();
    let mut class = vec![u8::MAX; n];
    let mut next = 0u8;
    let steps: Vec<&Gen<B>> = gens
        .iter()
        .filter(|g| g.piece == kind && g.phase == NORMAL)
        .collect();
    for s0 in 0..n {
        if class[s0] != u8::MAX {
            continue;
        }
        let mut stack = vec![s0 as u8];
        class[s0] = next;
        while let Some(s) = stack.pop() {
            for g in &steps {
                let reach = match &g.kind {
                    GenKind::Leap(t) => t[s as usize],
                    GenKind::Slide(ds) | GenKind::SlideRange(ds, _) => {
                        let mut r = B::ZERO;
                        for &d in ds {
                            for t in board.ray(s, Dir(d)) {
                                r |= B::bit(t);
                            }
                        }
                        r
                    }
                    GenKind::Remove(_)
                    | GenKind::Castle(..)
                    | GenKind::Drop(..)
                    | GenKind::Pass
                    | GenKind::CaptureJump(..) => B::ZERO,
                    GenKind::Ride(_) | GenKind::Hop(..) | GenKind::Path(_) => potential(g, s),
                };
                for t in reach.iter() {
                    if class[t as usize] == u8::MAX {
                        class[t as usize] = next;
                        stack.push(t);
                    }
                }
            }
        }
        next = next.saturating_add(1);
    }
    class.into_boxed_slice()
}

/// The squares a rule of one of the newer kinds could reach from `s` on
/// some board position (a hopper needs a hurdle, so its whole ray counts).
pub(crate) fn potential<B: Bits>(g: &Gen<B>, s: u8) -> B {
    let bits = |sqs: &[u8]| sqs.iter().fold(B::ZERO, |acc, &t| acc | B::bit(t));
    match &g.kind {
        GenKind::Ride(rays) => rays[s as usize]
            .iter()
            .fold(B::ZERO, |acc, r| acc | bits(r)),
        GenKind::Hop(rays, _) => rays[s as usize]
            .iter()
            .fold(B::ZERO, |acc, r| acc | bits(r.get(1..).unwrap_or(&[]))),
        GenKind::Path(t) => t[s as usize]
            .iter()
            .fold(B::ZERO, |acc, (to, _)| acc | B::bit(*to)),
        GenKind::Leap(t) => t[s as usize],
        GenKind::Slide(_)
        | GenKind::SlideRange(..)
        | GenKind::Remove(_)
        | GenKind::Castle(..)
        | GenKind::CaptureJump(..)
        | GenKind::Pass
        | GenKind::Drop(..) => B::ZERO,
    }
}

/// The neighbours of `sq` on the lines drawn on the board: the points
/// right before and after it on each line through it.
fn along_targets(lines: &[Vec<u8>], sq: u8) -> Vec<u8> {
    let mut out = Vec::new();
    for line in lines {
        for (i, &p) in line.iter().enumerate() {
            if p != sq {
                continue;
            }
            let before = i.checked_sub(1).and_then(|j| line.get(j));
            for &q in before.into_iter().chain(line.get(i + 1)) {
                if q != sq && !out.contains(&q) {
                    out.push(q);
                }
            }
        }
    }
    out
}

fn leap_table<B: Bits>(board: &Board, targets: impl Fn(u8) -> Vec<u8>) -> Box<[B]> {
    (0..board.len() as u8)
        .map(|sq| {
            targets(sq)
                .into_iter()
                .fold(B::ZERO, |acc, t| acc | B::bit(t))
        })
        .collect()
}

/// The squares a leap of (a, b) reaches from `sq`, in all eight orientations,
/// found by walking the board graph: `a` steps one way, `b` the other.
fn leap_targets(board: &Board, sq: u8, a: i32, b: i32) -> Vec<u8> {
    let mut out = Vec::new();
    for (x, y) in [(a, b), (b, a)] {
        for (sx, sy) in [(1, 1), (1, -1), (-1, 1), (-1, -1)] {
            let (dx, dy) = (x * sx, y * sy);
            let h = if dx >= 0 { Dir(2) } else { Dir(6) };
            let v = if dy >= 0 { Dir(0) } else { Dir(4) };
            if let Some(t) = board
                .walk(sq, h, dx.unsigned_abs())
                .and_then(|m| board.walk(m, v, dy.unsigned_abs()))
            {
                if t != sq && !out.contains(&t) {
                    out.push(t);
                }
            }
        }
    }
    out
}

/// Reverses a target table: for each square, the squares that reach it.
fn reverse<B: Bits>(table: &[B], n: usize) -> Box<[B]> {
    let mut rev = vec![B::ZERO; n];
    for (from, targets) in table.iter().enumerate() {
        for t in targets.iter() {
            rev[t as usize] |= B::bit(from as u8);
        }
    }
    rev.into_boxed_slice()
}

/// A small deterministic generator for the Zobrist keys.
struct SplitMix(u64);

impl SplitMix {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }
}
