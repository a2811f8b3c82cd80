//! The compiled description of a game: what the file says, resolved to
//! indices, squares and directions. The rule graph is built from it, and the
//! interpreter's tables from the graph.

use crate::compile::board::Sq;
use std::fmt;

use super::board::{Board, Dir};
use crate::source::Span;
use crate::syntax::ast::Origin;
use std::sync::Arc;

/// The most players a game may have.
pub const MAX_PLAYERS: usize = 2;
/// The most kinds of piece a game may have.
pub const MAX_PIECES: usize = 16;
/// The kinds of piece a hand can hold: the first this many a game declares.
pub const HAND_KINDS: usize = 8;
/// The most `(pliesSince ...)` counters a game may have.
pub const MAX_COUNTERS: usize = 4;
/// The most piece flags a game may have.
pub const MAX_FLAGS: usize = 4;
/// The most remembered player facts a game may have.
pub const MAX_PLAYER_FLAGS: usize = 8;
/// The most move rules a game may have, all pieces, players and phases
/// together (a move names its rule in one byte, 0 to 254; 255 means none).
pub const MAX_MOVE_RULES: usize = 255;

/// A whole compiled game.
#[derive(Clone, Debug)]
pub struct Model {
    /// The game's name.
    pub name: String,
    /// Source, date, description.
    pub info: Info,
    /// Players in turn order.
    pub players: Vec<PlayerDef>,
    /// The board.
    pub board: Board,
    /// Kinds of piece; a piece's index is its type number.
    pub pieces: Vec<PieceDef>,
    /// Every move rule of every piece.
    pub moves: Vec<MoveDef>,
    /// Named regions.
    pub regions: Vec<(String, Vec<Sq>)>,
    /// The start position.
    pub start: Vec<Placement>,
    /// Moves made before the game, after the start position: (from, to).
    pub shifts: Vec<(Sq, Sq)>,
    /// Restrictions on moves.
    pub forbids: Vec<ForbidDef>,
    /// Only the moves that make this number greatest are legal
    /// (`(maximum ...)`), judged after the restrictions.
    pub maximum: Option<MaximumDef>,
    /// End rules in order.
    pub ends: Vec<EndDef>,
    /// `(pliesSince ...)` counters, one per distinct set of events.
    pub counters: Vec<Events>,
    /// Moves of the player (not of a piece), such as `remove`: indices into `moves`.
    pub player_moves: Vec<usize>,
    /// Names of the piece flags the rules set and test.
    pub flags: Vec<String>,
    /// Facts remembered about players.
    pub player_flags: Vec<PlayerFlagDef>,
    /// Phases before normal play, in order.
    pub phases: Vec<PhaseDef>,
    /// Parts of turns after their first move (`(continue ...)`).
    pub parts: Vec<PartDef>,
    /// The lines drawn on the board (`(board ... lines:...)`): each its
    /// points in order. `along` moves between neighbours on a line;
    /// `inLine` asks whether a line is full.
    pub lines: Vec<Vec<Sq>>,
    /// Pieces each player holds in hand at the start, off the board:
    /// (player, kind, how many).
    pub hands: Vec<(u8, u8, u8)>,
    /// The options and rulesets the file declares.
    pub options: super::options::Declared,
    /// The option values this game was compiled with.
    pub assignment: super::options::Assignment,
}

/// The info block.
#[derive(Clone, Debug, Default)]
pub struct Info {
    /// Where the rules come from.
    pub source: Option<String>,
    /// When the game was played.
    pub date: Option<String>,
    /// A paragraph on the game.
    pub description: Option<String>,
    /// How the computer player searches unless told otherwise.
    pub player: Search,
    /// The lines of moves the computer player makes from the start while
    /// the game follows them (`opening:`), each as written, and where.
    pub opening: Vec<(String, Span)>,
}

/// How the computer player searches (`(info player:...)`).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Search {
    /// Alpha-beta over an evaluation drawn from the rules.
    #[default]
    AlphaBeta,
    /// Monte Carlo tree search.
    Mcts,
    /// Monte Carlo tree search with RAVE (all moves as first).
    Rave,
}

/// A player.
#[derive(Clone, Debug)]
pub struct PlayerDef {
    /// Name.
    pub name: String,
    /// The player's forward direction.
    pub forward: Dir,
}

/// A kind of piece.
#[derive(Clone, Debug)]
pub struct PieceDef {
    /// Name.
    pub name: String,
    /// Letter, upper case.
    pub letter: char,
    /// Other names the sources use, for display.
    pub aliases: Vec<String>,
    /// Whether check is about this piece.
    pub royal: bool,
    /// Indices into [`Model::moves`].
    pub moves: Vec<usize>,
    /// How it promotes: the rules whose squares hold a destination all apply.
    pub promotions: Vec<PromotionDef>,
    /// Where the piece is defined.
    pub span: Span,
}

/// A direction as a rule writes it: fixed, or turned from the player's forward.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum RelDir {
    /// A compass direction, the same for every player.
    Abs(Dir),
    /// The player's forward turned clockwise by this many eighths.
    Rel(i32),
}

impl RelDir {
    /// The compass direction for a player whose forward is `forward`.
    pub fn resolve(self, forward: Dir) -> Dir {
        match self {
            RelDir::Abs(d) => d,
            RelDir::Rel(k) => forward.rotate(k),
        }
    }
}

/// Where a move may land.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Target {
    /// An empty square only: a move that cannot capture.
    Empty,
    /// An enemy piece only: a capture.
    Enemy,
    /// An empty square or an enemy piece.
    NotFriend,
    /// An empty square the opponent's last move passed over, that move
    /// having been marked `(enPassant)`: the piece that made it is taken.
    EnPassant,
}

impl Target {
    /// The word the language uses.
    pub fn name(self) -> &'static str {
        match self {
            Target::Empty => "Empty",
            Target::Enemy => "Enemy",
            Target::NotFriend => "NotFriend",
            Target::EnPassant => "EnPassant",
        }
    }
}

/// Squares that depend on the player concerned: one list per player (the
/// mover of a move; the player named in a condition).
pub type PlayerSites = Vec<Vec<Sq>>;

/// How a move goes.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum MoveKind {
    /// One square in each direction.
    Step(Vec<RelDir>),
    /// Along each direction over empty squares, at least `min` and at most `max` squares.
    Slide(Vec<RelDir>, u32, Option<u32>),
    /// To the squares (±across, ±ahead) and (±ahead, ±across).
    Leap(i32, i32),
    /// Takes an enemy piece (never a royal one) off one of the squares, without moving.
    Remove(PlayerSites),
    /// Leaps by each of these vectors `(right, forward)` in the mover's frame,
    /// over anything between.
    Jump(Vec<(i32, i32)>),
    /// Rides along each vector (repeating it over empty squares, at most
    /// `max` times): a rider whose step is not to a neighbour (the nightrider).
    Ride(Vec<(i32, i32)>, Option<u32>),
    /// Along each vector over exactly one piece, the hurdle: landing anywhere
    /// beyond it up to the next piece (within `max` steps in all), or, as a
    /// grasshopper, only on the square right after it.
    Hop(Vec<(i32, i32)>, Hurdle, Option<u32>),
    /// Steps by each vector in turn, every square on the way but the last
    /// empty: a leap that can be blocked (the Chinese-chess horse). One path per
    /// entry.
    Path(Vec<Vec<(i32, i32)>>),
    /// A move of the player: a new piece of this kind is put on an empty
    /// square of the set; with gravity, it falls in that direction to the
    /// last empty square (the one whose next square that way is occupied or
    /// off the board).
    Drop {
        /// The kind put down.
        piece: usize,
        /// Where it may go, per player.
        sites: PlayerSites,
        /// The direction it falls, if it falls.
        gravity: Option<Dir>,
        /// Whether the piece comes from the player's hand (one fewer there;
        /// none there, no drop).
        from_hand: bool,
    },
    /// To a neighbouring point on one of the board's lines ([`Model::lines`]).
    Along,
    /// To any square of the set, wherever the piece stands (per player).
    Fly(PlayerSites),
    /// Jumping over an adjacent enemy piece to the empty square right behind
    /// it, taking it; with `again`, on and on while the piece can (a series
    /// of jumps is one move, the pieces jumped taken at its end; a piece that
    /// lands where it promotes stops there).
    CaptureJump {
        /// The directions.
        dirs: Vec<RelDir>,
        /// Whether the piece must go on jumping.
        again: bool,
        /// Whether it jumps from afar: along the direction over empty
        /// squares to the enemy piece, landing on any empty square beyond.
        far: bool,
        /// Whether a piece that lands where it promotes stops there (else it
        /// goes on jumping, and promotes only where the series ends).
        stop_to_promote: bool,
        /// Whether two series to the same square over the same pieces are
        /// one move (else each route is a move of its own).
        by_pieces: bool,
        /// Whose pieces may be jumped.
        over: Jumped,
        /// Whether the pieces jumped are taken (else they stay, and the
        /// piece may stop after any jump: each square a series reaches is a
        /// move, by the shortest series).
        takes: bool,
    },
    /// A move of the player that changes nothing on the board: the turn passes.
    Pass,
    /// Castling: the piece goes `steps` squares along its rank towards a
    /// friendly piece of kind `partner`, both never moved and nothing between
    /// them, the piece not attacked on its square nor on those it crosses; the
    /// partner lands on the square next to it, on the side it came from.
    Castle {
        /// The partner's kind.
        partner: usize,
        /// How far the piece goes.
        steps: u32,
    },
}

/// How a hopping move lands beyond its hurdle.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Hurdle {
    /// Anywhere beyond it, up to and including the next piece (the cannon).
    Beyond,
    /// Only on the square right after it (the grasshopper).
    Right,
}

/// Something a move does besides moving.
#[derive(Clone, Debug, PartialEq)]
pub enum Effect {
    /// Sets a piece flag (by index into [`Model::flags`]) on the piece that moved.
    SetFlag(u8),
    /// The promoted piece may at once make one more move of its own, if the condition holds.
    MoveAgain(Option<Cond>),
    /// The squares the move passed over may be landed on by the opponent's
    /// next move, with `to:EnPassant`, taking the piece that moved.
    EnPassant,
    /// The pieces on the squares the pattern selects become the mover's.
    Flip(Pattern),
    /// The pieces on the squares the pattern selects are taken.
    Capture(Pattern),
    /// The pieces on the squares the pattern selects become pieces of this
    /// kind (an index into [`Model::pieces`]), keeping their owner.
    Transform(Pattern, usize),
    /// The number is added to the player's score.
    AddScore(PlayerRef, IntExpr),
    /// Along each direction, the row of pieces right next to where the move
    /// landed moves one square further that way, if the square beyond it is
    /// empty; at the edge of the board, the last piece falls off if the flag
    /// is set, and the row stays otherwise.
    Push(Vec<RelDir>, bool),
    /// The turn goes on with a part: an index into [`Model::parts`].
    Continue(usize),
}

/// A part of a turn after its first move (`(continue ...)`).
#[derive(Clone, Debug)]
pub struct PartDef {
    /// Its moves: indices into [`Model::moves`].
    pub moves: Vec<usize>,
    /// When the turn goes on (judged after the move before).
    pub cond: Option<Cond>,
    /// Whether the player may end the turn instead.
    pub optional: bool,
    /// Its text in the file.
    pub text: String,
    /// Where it is written.
    pub span: Span,
}

/// Squares selected around a move, from where it lands: what an effect
/// acts on, or what `(exists ...)` asks for.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Pattern {
    /// How the squares are found.
    pub shape: Shape,
    /// The directions looked along from where the move lands.
    pub dirs: Vec<RelDir>,
    /// Only pieces of these kinds are selected (bit per kind; 0: any kind).
    pub kinds: u32,
    /// Only pieces standing on these squares are selected (per mover; `None`: anywhere).
    pub at: Option<PlayerSites>,
    /// Empty squares that count as the mover's pieces (per mover).
    pub hostile: Option<PlayerSites>,
    /// The fewest and the most enemy pieces a bracketed line holds
    /// (`min:`, `max:`; 1 and [`u32::MAX`] if absent). Sandwiched is
    /// 1 and 1; the other shapes ignore it.
    pub line: (u32, u32),
}

/// How a [`Pattern`] finds its squares.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Shape {
    /// Along each direction, a line of enemy pieces right next to the
    /// landing square (as many as [`Pattern::line`] allows) that ends in a
    /// piece of the mover: the whole line.
    Bracketed,
    /// Along each direction, the enemy piece right next to the landing
    /// square with a piece of the mover (or a hostile square) just beyond it.
    Sandwiched,
    /// The enemy pieces right next to the landing square (along the
    /// directions) whose every neighbour along the directions holds a piece
    /// of the mover or is a hostile square.
    Surrounded,
    /// The groups of enemy pieces next to the landing square (a group: pieces
    /// joined along the directions) with no empty square next to them
    /// along the directions: whole groups left without a liberty.
    Enclosed,
    /// The enemy pieces right next to the landing square, along the
    /// directions: every one of them, whatever stands beyond.
    Around,
}

impl Shape {
    /// The word the language uses.
    pub fn name(self) -> &'static str {
        match self {
            Shape::Bracketed => "bracketed",
            Shape::Sandwiched => "sandwiched",
            Shape::Surrounded => "surrounded",
            Shape::Enclosed => "enclosed",
            Shape::Around => "around",
        }
    }
}

/// One move rule (of a piece, or of the player for `remove`).
#[derive(Clone, Debug)]
pub struct MoveDef {
    /// The piece it belongs to (`None` for a player's `remove`).
    pub piece: Option<usize>,
    /// How it goes.
    pub kind: MoveKind,
    /// What it may land on.
    pub target: Target,
    /// A condition the move must meet.
    pub guard: Option<Cond>,
    /// Squares the piece must stand on, per player.
    pub from: Option<PlayerSites>,
    /// What the move does besides moving.
    pub effects: Vec<Effect>,
    /// Only when the player has no other legal move.
    pub when_stuck: bool,
    /// Captures without moving (the piece stays where it is).
    pub stay: bool,
    /// The phase whose move this is (`None`: a move of normal play).
    pub phase: Option<usize>,
    /// The part of a turn whose move this is (`None`: a turn's first move).
    pub part: Option<usize>,
    /// The piece stays and a new piece of this kind is put where the move lands.
    pub put: Option<usize>,
    /// Squares the move may neither stop on nor cross (per player).
    pub avoid: Option<Box<PlayerSites>>,
    /// Its text in the file.
    pub text: String,
    /// Where it is written.
    pub span: Span,
    /// The macro uses it was written through, if a macro body holds it.
    pub origin: Option<Arc<Origin>>,
}

impl MoveDef {
    /// Whether this rule and `other` do the same thing with a move they
    /// both make: the same effects, the same piece put (`put:`), both
    /// staying or neither, both taking en passant or neither, both castling
    /// or neither. Where they do not, the move of each is a move of its own.
    pub fn same_deeds(&self, other: &MoveDef) -> bool {
        let castles = |r: &MoveDef| matches!(r.kind, MoveKind::Castle { .. });
        let passing = |r: &MoveDef| r.target == Target::EnPassant;
        self.effects == other.effects
            && self.put == other.put
            && self.stay == other.stay
            && passing(self) == passing(other)
            && castles(self) == castles(other)
    }
}

/// The kinds a promotion offers.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum KindExpr {
    /// These kinds.
    Fixed(Vec<usize>),
    /// The kind that stood on this square at the start (any player's).
    StartKind(SiteRef),
    /// Every kind of which the mover has fewer pieces than at the start
    /// (never a royal kind, nor the promoting kind itself).
    Lost,
}

/// A promotion rule.
#[derive(Clone, Debug)]
pub struct PromotionDef {
    /// For each player, the squares where the piece promotes.
    pub zone: PlayerSites,
    /// The kinds it may become (the player chooses if several).
    pub to: KindExpr,
    /// A condition on each candidate kind (`(kindIs ...)`, `(lostCouldReach)`).
    pub guard: Option<Cond>,
    /// Whether the piece may also stay as it is.
    pub optional: bool,
    /// What happens after promoting.
    pub effects: Vec<Effect>,
    /// The promoted piece counts from now on as the piece that started on this square.
    pub identity: Option<SiteRef>,
    /// The promoted piece goes to this square (or the nearest empty one of its rank).
    pub relocate: Option<SiteRef>,
    /// Its text in the file.
    pub text: String,
    /// Where it is written.
    pub span: Span,
    /// The macro uses it was written through, if a macro body holds it.
    pub origin: Option<Arc<Origin>>,
}

/// A square named relative to a move.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum SiteRef {
    /// Where the moving piece stands.
    From,
    /// Where it goes.
    To,
    /// One step from `From` in a direction.
    Adjacent(RelDir),
    /// A fixed square.
    Square(Sq),
    /// The square of the mover's first rank in the same file.
    HomeOf(Box<SiteRef>),
    /// Where the mover's (first) piece of this kind started.
    StartOf(u8),
    /// Where the moving piece stood at the start of the game.
    Origin,
}

/// A piece on a square at the start.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Placement {
    /// The square.
    pub sq: Sq,
    /// The owner.
    pub player: u8,
    /// The kind.
    pub piece: u8,
    /// The `(place ...)` that put it there.
    pub span: Span,
}

/// A player as a rule names them.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum PlayerRef {
    /// In end rules and restrictions: the player who moved last; in moves: the player moving.
    Mover,
    /// The player to move next.
    Next,
    /// The mover's opponent.
    Opponent,
    /// A player by number.
    Fixed(u8),
}

/// Comparison operators.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum CmpOp {
    /// `=`
    Eq,
    /// `!=`
    Ne,
    /// `<`
    Lt,
    /// `<=`
    Le,
    /// `>`
    Gt,
    /// `>=`
    Ge,
}

impl CmpOp {
    /// The comparison with its sides swapped (`a < b` is `b > a`).
    #[must_use]
    pub fn flipped(self) -> CmpOp {
        match self {
            CmpOp::Lt => CmpOp::Gt,
            CmpOp::Le => CmpOp::Ge,
            CmpOp::Gt => CmpOp::Lt,
            CmpOp::Ge => CmpOp::Le,
            other => other,
        }
    }

    /// Applies the comparison.
    pub fn apply(self, a: i64, b: i64) -> bool {
        match self {
            CmpOp::Eq => a == b,
            CmpOp::Ne => a != b,
            CmpOp::Lt => a < b,
            CmpOp::Le => a <= b,
            CmpOp::Gt => a > b,
            CmpOp::Ge => a >= b,
        }
    }

    /// The operator's symbol.
    pub fn symbol(self) -> &'static str {
        match self {
            CmpOp::Eq => "=",
            CmpOp::Ne => "!=",
            CmpOp::Lt => "<",
            CmpOp::Le => "<=",
            CmpOp::Gt => ">",
            CmpOp::Ge => ">=",
        }
    }
}

/// A condition on a position (and, in a move, on the move).
#[derive(Clone, Debug, PartialEq)]
pub enum Cond {
    /// Every one holds.
    And(Vec<Cond>),
    /// Some one holds.
    Or(Vec<Cond>),
    /// It does not hold.
    Not(Box<Cond>),
    /// A royal piece of the player is attacked.
    InCheck(PlayerRef),
    /// The two name the same player.
    Is(PlayerRef, PlayerRef),
    /// The player would have no legal move (counting moves only allowed when
    /// stuck if the flag is set).
    NoMoves(PlayerRef, bool),
    /// The position has occurred this many times.
    Repeated(u32),
    /// The position has occurred this many times, and every move of the
    /// player who moved since its first occurrence gave check.
    PerpetualCheck(u32),
    /// A comparison of two numbers.
    Cmp(CmpOp, IntExpr, IntExpr),
    /// The square holds a piece that has never moved.
    Unmoved(SiteRef),
    /// The square holds the piece that started on it.
    AtStart(SiteRef),
    /// The piece on the square carries the flag.
    Flagged(u8, SiteRef),
    /// The player's remembered fact (by index into [`Model::player_flags`]) holds.
    Remembers(PlayerRef, u8),
    /// The player has fewer pieces of the kind than at the start.
    Lost(PlayerRef, u8),
    /// In a promotion: the mover has lost a piece of the candidate kind that
    /// could reach the destination (moving as it moves, on an empty board).
    LostCouldReach,
    /// In a promotion: the candidate kind is this one.
    KindIs(u8),
    /// The move is a removal.
    Removing,
    /// The move is a pass.
    Passing,
    /// The move just made took a piece.
    Capturing,
    /// The mover's piece that started on the square is no longer on the board.
    Absent(SiteRef),
    /// The square is one of these (per mover).
    In(SiteRef, PlayerSites),
    /// A piece of the player attacks the square.
    Attacked(SiteRef, PlayerRef),
    /// The piece on the square attacks a royal piece of its opponent.
    Checks(SiteRef),
    /// A royal piece of the player is attacked by a piece of this kind.
    CheckedBy(PlayerRef, u8),
    /// The player's pieces on the board are exactly these: how many of each
    /// kind, by kind.
    Material(PlayerRef, [u8; MAX_PIECES]),
    /// The square holds a piece of this kind (of the player, if given;
    /// otherwise either player's).
    Holds(SiteRef, u8, Option<PlayerRef>),
    /// In a move: a piece stands right next to where the move lands, along
    /// one of the directions (turned to the mover), the moving piece on its
    /// own square not counted: of these kinds (bit per kind; 0: any kind),
    /// of the player, if given (otherwise either player's).
    NextTo(Vec<RelDir>, u32, Option<PlayerRef>),
    /// The piece on the square belongs to a line of the board
    /// ([`Model::lines`]) whose every point holds a piece of its owner.
    InLine(SiteRef),
    /// The player has this many pieces in a row, next to each other along
    /// a rank, a file or a diagonal (with the flag: exactly this many, a line
    /// not part of a longer one).
    InARow(PlayerRef, u32, bool),
    /// A piece of the player (of the kind, if given) stands on one of the
    /// squares (resolved for that player).
    Reached(PlayerRef, PlayerSites, Option<u8>),
    /// A chain of the player's pieces, each next to the one before (in any
    /// direction the board joins), leads from one of the first squares to
    /// one of the second (both resolved for that player).
    Connected(PlayerRef, PlayerSites, PlayerSites),
    /// The pattern around the move selects at least one square.
    Exists(Pattern),
    /// The board (every piece on its square, and the hands) has been this
    /// many times, counting now, whoever was to move (`(repeated N
    /// board:True)`: positional superko).
    RepeatedBoard(u32),
    /// The last this many moves were all passes.
    Passes(u32),
    /// Every piece of the kind on the board (either player's) stands on
    /// squares of one shade of the chequer (file plus rank even, or odd).
    SameShade(u8),
}

impl Cond {
    /// Whether this condition, or one inside it (under `and`, `or` and
    /// `not`), passes `test`.
    pub(crate) fn mentions(&self, test: &dyn Fn(&Cond) -> bool) -> bool {
        test(self)
            || match self {
                Cond::And(cs) | Cond::Or(cs) => cs.iter().any(|c| c.mentions(test)),
                Cond::Not(c) => c.mentions(test),
                _ => false,
            }
    }

    /// Whether this condition holds for a move of the kind `class`, where
    /// the kind alone decides it: `(passing)` and `(removing)`, and `and`,
    /// `or` and `not` of conditions so decided (an `and` with one false, an
    /// `or` with one true, whatever the others). `None` where the position
    /// the move makes is needed.
    pub fn by_move(&self, class: MoveClass) -> Option<bool> {
        match self {
            Cond::Passing => Some(class == MoveClass::Pass),
            Cond::Removing => Some(class == MoveClass::Removal),
            Cond::Not(c) => c.by_move(class).map(|v| !v),
            Cond::And(cs) | Cond::Or(cs) => {
                // The value that decides it (false for `and`), if any is
                // decided so; else the other, if every one is known.
                let decisive = matches!(self, Cond::Or(_));
                let mut known = true;
                for c in cs {
                    match c.by_move(class) {
                        Some(v) if v == decisive => return Some(decisive),
                        Some(_) => {}
                        None => known = false,
                    }
                }
                known.then_some(!decisive)
            }
            _ => None,
        }
    }
}

/// What a restriction's condition can know of a move without making it:
/// whether it passes, removes a piece, or does neither.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum MoveClass {
    /// Any other move: a piece moved or dropped.
    Other = 0,
    /// A pass (no square).
    Pass = 1,
    /// A removal (`remove`: a square, no start, no piece put).
    Removal = 2,
}

/// A number computed from a position.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum IntExpr {
    /// A constant.
    Lit(i64),
    /// Pieces of a player, of one kind or all.
    Count(PlayerRef, Option<u8>),
    /// A `(pliesSince ...)` counter by index.
    PliesSince(u8),
    /// Pieces of a player in hand, of one kind or all.
    InHand(PlayerRef, Option<u8>),
    /// Pieces of a player, of one kind or all, on these squares (resolved
    /// for that player).
    CountIn(PlayerRef, Option<u8>, Box<PlayerSites>),
    /// A player's score.
    Score(PlayerRef),
    /// How many squares a pattern around the move selects (0 outside a move).
    Size(Box<Pattern>),
    /// The empty squares next to the group of the piece on the square (its
    /// pieces joined along the directions); 0 for an empty square.
    Liberties(SiteRef, Vec<RelDir>),
    /// The player's pieces and the empty squares that only the player's
    /// pieces bound (each region of empty squares joined along the
    /// directions, counted if every piece next to it is the player's).
    Area(PlayerRef, Vec<RelDir>),
    /// The pieces the move took off the board (0 outside a move).
    Captured,
    /// The sum of the numbers.
    Sum(Vec<IntExpr>),
    /// The first number less the second.
    Diff(Box<IntExpr>, Box<IntExpr>),
}

impl IntExpr {
    /// Whether this number, or one it is made of (under `+` and `-`),
    /// passes `test`.
    pub(crate) fn mentions(&self, test: &dyn Fn(&IntExpr) -> bool) -> bool {
        test(self)
            || match self {
                IntExpr::Sum(xs) => xs.iter().any(|x| x.mentions(test)),
                IntExpr::Diff(a, b) => a.mentions(test) || b.mentions(test),
                _ => false,
            }
    }
}

/// What resets a `(pliesSince ...)` counter.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Events {
    /// A capture.
    pub capture: bool,
    /// A promotion.
    pub promotion: bool,
    /// A move of a piece of one of these kinds (bit per kind).
    pub moved: u32,
}

/// A restriction on moves.
#[derive(Clone, Debug)]
pub struct ForbidDef {
    /// Judged after the move.
    pub cond: Cond,
    /// How a refused move is explained.
    pub reason: String,
    /// Whether the restriction lapses when it would forbid every move.
    pub unless_all: bool,
    /// What its condition is for each [`MoveClass`] (by its number), where
    /// the class alone decides it ([`Cond::by_move`]): judged without
    /// making the move.
    pub by_move: [Option<bool>; 3],
    /// Its text in the file.
    pub text: String,
    /// Where it is written.
    pub span: Span,
}

/// `(maximum ...)`: of the moves the restrictions leave, only those after
/// which the number is greatest are legal.
#[derive(Clone, Debug)]
pub struct MaximumDef {
    /// Judged after each move, as a restriction's condition is.
    pub expr: IntExpr,
    /// How a refused move is explained.
    pub reason: String,
    /// Its text in the file.
    pub text: String,
    /// Where it is written.
    pub span: Span,
}

/// A fact remembered about a player once it has held (`(remember ...)`).
#[derive(Clone, Debug)]
pub struct PlayerFlagDef {
    /// Its name.
    pub name: String,
    /// When it becomes true (judged after every move, and at the start).
    pub cond: Cond,
    /// For whom.
    pub player: PlayerRef,
    /// Where it is written (empty for a fact tested but never defined).
    pub span: Span,
}

/// A phase of the game before normal play: each player in turn makes a
/// number of moves in a row, under extra restrictions.
#[derive(Clone, Debug)]
pub struct PhaseDef {
    /// Its name.
    pub name: String,
    /// Moves each player makes in a row (0: the phase is skipped).
    pub moves_each: u32,
    /// Restrictions that hold during the phase.
    pub forbids: Vec<ForbidDef>,
    /// The phase's own moves (indices into [`Model::moves`]); none: the pieces' own.
    pub moves: Vec<usize>,
    /// What a player is asked to do during the phase.
    pub prompt: Option<String>,
}

/// What a win is worth.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Worth {
    /// A full win.
    #[default]
    Win,
    /// A half-win.
    HalfWin,
}

/// The result an end rule gives.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum OutcomeDef {
    /// The player wins.
    Win(PlayerRef, String, Worth, u8),
    /// The player loses.
    Loss(PlayerRef, String, Worth, u8),
    /// Nobody wins.
    Draw(String),
    /// The player with the higher score (the number, judged for each player
    /// as `Mover`; the second player's with the komi added, in half points)
    /// wins; equal scores draw.
    ByScore(IntExpr, String, Komi),
}

/// Points added to the second player's score by `byScore` (compensation
/// for moving second), in half points: 15 for 7.5.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Komi(pub i64);

/// A number of half points as a person writes it: `7.5`, `-3`, `0`.
pub fn half_points(h: i64) -> String {
    let whole = h / 2;
    match h % 2 {
        0 => whole.to_string(),
        _ if h < 0 && whole == 0 => "-0.5".to_string(),
        _ => format!("{whole}.5"),
    }
}

/// An end rule.
#[derive(Clone, Debug)]
pub struct EndDef {
    /// When the game ends.
    pub cond: Cond,
    /// How.
    pub outcome: OutcomeDef,
    /// Its text in the file.
    pub text: String,
}

impl fmt::Display for PlayerRef {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PlayerRef::Mover => f.write_str("Mover"),
            PlayerRef::Next => f.write_str("Next"),
            PlayerRef::Opponent => f.write_str("Opponent"),
            PlayerRef::Fixed(i) => write!(f, "P{}", i + 1),
        }
    }
}

impl Model {
    /// The players' names, in their order of play.
    pub fn player_names(&self) -> Vec<&str> {
        self.players.iter().map(|p| p.name.as_str()).collect()
    }

    /// The piece kind with this letter (either case).
    pub fn piece_by_letter(&self, c: char) -> Option<usize> {
        let up = c.to_ascii_uppercase();
        self.pieces.iter().position(|p| p.letter == up)
    }

    /// The piece kind named `name`.
    pub fn piece_by_name(&self, name: &str) -> Option<usize> {
        self.pieces.iter().position(|p| p.name == name)
    }

    /// Whether any piece is royal.
    pub fn has_royal(&self) -> bool {
        self.pieces.iter().any(|p| p.royal)
    }
}

/// Whose pieces a `(jump ...)` may jump over.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Jumped {
    /// The opponent's (the default).
    Enemy,
    /// The mover's own.
    Friend,
    /// Anyone's.
    Any,
}
