//! The interpreter's tables, derived from the rule graph at compile time, and
//! the move generator, attack test and move maker that run on them.
//!
//! Every move rule becomes a [`Gen`] per player: for leaps and steps a table
//! of target squares per square, for slides a list of directions walked with
//! ray tables, plus the squares it may start from, its condition and its
//! effects. Attacks are answered from the same rules read backwards. Nothing
//! here knows a game: all of it comes from the [`Model`] and its [`RuleGraph`].

mod access;
mod attack;
mod build;
mod cands;
mod cleared;
mod conds;
mod count;
mod ending;
mod gen;
mod hash;
mod kills;
mod legality;
mod list;
mod make;
mod pattern;
mod plan;
mod random;
mod series;
mod tables;
#[cfg(test)]
mod tests;
mod toset;
mod trace;

use crate::bits::Bits;
use crate::compile::board::Sq;
use crate::compile::board::{Board, Dir};
use crate::compile::graph::RuleGraph;
use crate::compile::model::{
    Cond, Effect, Events, ForbidDef, Hurdle, IntExpr, KindExpr, Model, MoveKind, PlayerRef,
    SiteRef, Target, MAX_PIECES, MAX_PLAYERS,
};
use crate::eval::Quick;
use crate::state::{State, NO_SQ};

pub(crate) use conds::sensitivity;
pub(crate) use gen::{MoveBuf, MoveSink, Seen, SmallCodes};
pub(crate) use hash::{z_hand, z_part};
pub(crate) use pattern::dir_mask;
pub(crate) use random::Scratch;
pub(crate) use tables::potential;

pub(crate) use crate::state::NO_KIND;
/// The phase of a rule of normal play (not a phase's own move).
pub(crate) const NORMAL: u8 = u8::MAX;
/// [`Gen::phase`] of the moves of part `k` of a turn: `PART_BASE + k`.
pub(crate) const PART_BASE: u8 = 128;
/// The most parts of turns a game may have.
pub(crate) const MAX_PARTS: usize = 64;

/// How a `jump` rule jumps.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct JumpOpts {
    /// On and on while the piece can (a series is one move).
    pub again: bool,
    /// From afar: over empty squares to the enemy piece, landing on any
    /// empty square beyond it.
    pub far: bool,
    /// A piece that lands where it promotes stops there.
    pub stop_to_promote: bool,
    /// Two series to the same square over the same pieces are one move.
    pub by_pieces: bool,
    /// Whose pieces may be jumped.
    pub over: crate::compile::model::Jumped,
    /// The pieces jumped are taken (else: they stay, and every square a
    /// series reaches is a move).
    pub takes: bool,
}

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
    /// The condition made ready to judge (see [`Quick`]).
    pub quick: Option<Box<Quick>>,
    /// The condition reads nothing of where the move goes: judged once per
    /// start square.
    pub guard_by_from: bool,
    /// The condition reads nothing of the move (see `conds::reads_move`):
    /// judged once for all the rule's moves.
    pub guard_fixed: bool,
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
    /// Listed in bulk by [`Engine::list_legal`] (a start square's legal
    /// moves found as one set): counted in bulk, or else as countable but
    /// for how the turn goes on once it is made (it goes on with a part, it
    /// is a part's move, it puts a piece rather than moving it), without
    /// promotions, and of a kind no other rule of which makes the same
    /// moves.
    pub lists_bulk: bool,
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
    /// For a drop: its condition on the squares around where it lands, as
    /// square sets (see [`toset::ToSet`]).
    pub to_set: Option<Box<toset::ToSet<B>>>,
    /// Its moves can be given as square sets, one per start square (see
    /// [`Engine::move_sets`]).
    pub sets: bool,
    /// Drawn at random as square sets: `sets`, and of many moves (a drop,
    /// a slide), or few but under a condition that reads nothing of the
    /// move (judged once for every piece); a few moves (a king's steps)
    /// are listed faster than weighed.
    pub draw_sets: bool,
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

    /// The site of `sq` (which has one).
    #[inline]
    pub(crate) fn site(&self, sq: Sq) -> Sq {
        (i32::from(sq) + self.delta) as Sq
    }

    /// The square whose site is `sq` (which is one).
    #[inline]
    pub(crate) fn source(&self, sq: Sq) -> Sq {
        (i32::from(sq) - self.delta) as Sq
    }

    /// One step in `dir` as a step along the numbering, if it adds the same
    /// number to every square that has a neighbour that way.
    pub(super) fn along(board: &Board, dir: Dir) -> Option<Self> {
        let mut delta = None;
        let mut valid = B::ZERO;
        for sq in 0..board.len() as Sq {
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
                let bit = B::bit(sq as Sq);
                if let Some(s) = out.iter_mut().find(|s| s.delta == delta) {
                    s.valid |= bit;
                } else if out.len() < 8 {
                    out.push(Shift { delta, valid: bit });
                } else {
                    return None;
                }
            }
        }
        out.sort_by_key(|s| s.delta);
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
    /// Jumping over enemy pieces in these directions (see [`JumpOpts`]).
    CaptureJump(Box<[u8]>, JumpOpts),
    /// Dropping a new piece on these squares, falling in this
    /// direction (`u8::MAX`: it does not fall); from the hand, if a kind is
    /// given (not [`NO_KIND`]).
    Drop(B, u8, u8),
    /// Passing: no square.
    Pass,
}

/// The blockable leaps of one square: each target, with the squares on the
/// way that must be empty.
pub(crate) type Paths<B> = Box<[(Sq, B)]>;

/// The rays of one square: each the squares in order.
pub(crate) type Rays = Box<[Box<[Sq]>]>;

/// The attacks of one player, read backwards from the target square.
#[derive(Clone, Debug, Default)]
pub(crate) struct Attacks<B: Bits> {
    /// For unconditional leap rules that can capture: the piece kind, and for
    /// each square the squares from which such a piece attacks it.
    pub leaps: Vec<(u8, Box<[B]>)>,
    /// For each of `leaps`, the table forwards: for each square, the squares
    /// a piece of its kind standing there attacks.
    pub leaps_fwd: Vec<Box<[B]>>,
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
    /// other than a slider's (the danger test must then try every move,
    /// unless the attacks are traced).
    pub blockable: bool,
    /// Where `blockable`, each rule that makes it so traced backwards
    /// ([`trace::Trace`]), if every such rule can be: then only the moves
    /// that leave or reach the squares between are tested.
    pub traced: Option<Box<[trace::Trace<B>]>>,
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
    /// The effects on other squares after promoting (see
    /// [`Engine::apply_effects`]), judged from the square promoted on.
    pub after: Vec<Effect>,
}

/// A piece's promotions, as tables.
#[derive(Clone, Debug)]
pub(crate) struct Promos<B: Bits> {
    /// For each player, the squares where some rule applies.
    pub zone: [B; MAX_PLAYERS],
    /// The rules.
    pub rules: Vec<PromoRule<B>>,
    /// The kinds offered when there is one rule of fixed kinds, no condition,
    /// not optional: the fast path. (The rule may still have effects of its
    /// own, `then:`: see [`Engine::effects_tested`].)
    pub fixed: Option<Box<[u8]>>,
    /// Whether some rule sends the promoted piece elsewhere (`moveTo:`): the
    /// square it promoted on is left empty, which may open a line to the
    /// mover's own royal piece, so such a move is always tested.
    pub relocates: bool,
}

/// An end rule `(reached PLAYER SITES [KIND])` as the engine judges it: the
/// player, the kind, and each player's sites as a square set.
pub(crate) type EndReached<B> = (PlayerRef, Option<u8>, [B; MAX_PLAYERS]);

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
    /// `ray_end[sq][dir]`: the last square of `rays[sq][dir]` (`sq` where
    /// the ray is empty), see [`Engine::ray_attack_open`].
    pub ray_end: Box<[[Sq; 8]]>,
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
    /// For each end rule that is `(reached PLAYER SITES [KIND])`: the
    /// player, the kind, and each player's sites as a square set, so that
    /// the rule is judged without the evaluator.
    pub end_reached: Box<[Option<EndReached<B>>]>,
    /// The end rules to try, in order: all of them, and those that can hold
    /// when the player to move has a legal move (not
    /// [`crate::eval::needs_no_moves`]).
    pub end_order: [Box<[u16]>; 2],
    /// Each end rule's condition made ready to judge.
    pub end_quick: Box<[Quick]>,
    /// Each part's condition (`(continue ... if:)`) made ready to judge.
    pub part_quick: Box<[Option<Quick>]>,
    /// Whether the number of pieces in the game (on the board and in hand,
    /// [`State::men`]) only ever moves one way: no rule adds a piece while
    /// another takes one away ([`tables::one_way`]). A repetition is then
    /// looked for only since the number last changed.
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
    /// For each move rule: whether its effects change the board
    /// ([`Engine::acts`]).
    pub acting: Box<[bool]>,
    /// For each move rule: whether its moves change the board otherwise
    /// than a piece leaving its start square for its end (its effects act,
    /// it takes without moving, it castles, or its piece's promotion has
    /// effects of its own or sends the piece elsewhere): the check rule
    /// then tests each of its moves, wherever the piece stands (but where
    /// only its promotions act, see [`Engine::unpromoted_tested`]).
    pub effects_tested: Box<[bool]>,
    /// For each move rule: [`Engine::effects_tested`] for its moves that
    /// do not promote (its effects act, it takes without moving, or it
    /// castles). A rule tested only for what its promotions do (`moveTo:`,
    /// `then:`) has its other moves judged as plain ones.
    pub unpromoted_tested: Box<[bool]>,
    /// Whether some move rule changes squares other than those of a piece
    /// leaving its square, landing and taking what stands there (its
    /// effects, or its piece's promotion's, act: a flip, a capture pattern,
    /// a push, a transformation; or it castles, moving a partner too): a
    /// move may then take or pin any number of pieces, beyond the bound of
    /// [`Engine::robustly_mobile`].
    pub far_moves: bool,
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
    pub reach_class: Vec<Box<[u16]>>,
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
    /// Whether a restriction asks whether a board recurs (`(repeated N
    /// board:True)`): random games then count the history's board keys
    /// as it grows ([`Engine::random_move_known`]).
    pub board_reps: bool,
    /// Whether any rule asks where a piece started (positions then write origins).
    pub uses_origin: bool,
    /// Whether any rule asks whether a piece has moved.
    pub uses_unmoved: bool,
    /// Zobrist keys: `zobrist[code * squares + sq]`.
    pub zobrist: Box<[u64]>,
    /// Where a restriction asks whether a board recurs, the Zobrist keys of
    /// the game's pieces sorted, each with its place in `zobrist`: the
    /// piece a board key differs from another by, found from their
    /// difference.
    pub zobrist_sorted: Box<[(u64, u32)]>,
    /// Zobrist keys of the player to move.
    pub zobrist_side: [u64; MAX_PLAYERS],
    /// Zobrist keys of the phase and the moves left in it.
    pub zobrist_phase: Box<[u64]>,
    /// For each square, the lines drawn on the board ([`Model::lines`])
    /// through it, each as a set.
    pub lines_at: Box<[Box<[B]>]>,
    /// For each square, its neighbours in every direction the board joins
    /// (for `(connected ...)`).
    pub near: Box<[B]>,
    /// For each direction, one step that way as a shift of a whole set,
    /// where the numbering allows it ([`Engine::spread`]).
    pub dir_shifts: [Option<Shift<B>>; 8],
    /// Whether every step of the board runs both ways: a square's neighbour
    /// in a direction has the square as its neighbour in the opposite one.
    pub steps_two_way: bool,
    /// The board's lines (`(board ... lines:)`), each as a square set.
    pub line_masks: Box<[B]>,
    /// Steps along the numbering for the four directions a row runs in
    /// (north, north-east, east, south-east), where every one is such a
    /// step: `(inARow ...)` judged on square sets.
    pub row_shifts: Option<Box<[Shift<B>; 4]>>,
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
    /// For each move rule, the first rule of its piece that does the same
    /// thing with a move (itself if none does): where two rules of a piece
    /// make the same move, it is made once if they do the same thing
    /// ([`Engine::find_overlaps`]).
    pub same_as: Box<[u8]>,
    /// For each move rule, whether another rule in force with it can make
    /// a move that reads the same (see [`Engine::find_alike`]).
    pub alike: Box<[bool]>,
    /// For each player, its rules not only offered when stuck, as drawing
    /// a random move reads them.
    pub draws: [Draws<B>; MAX_PLAYERS],
    /// For each player, per phase ([`Engine::plan_slot`]): the opening
    /// rules of a turn as perft counts whole turns ([`Engine::count_turns`]).
    pub turn_plans: [Box<[Option<count::TurnPlan>]>; MAX_PLAYERS],
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
