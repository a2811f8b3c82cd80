//! The compiled description of a game: what the file says, resolved to
//! indices, squares and directions. The rule graph is built from it, and the
//! interpreter's tables from the graph.

use std::fmt;

use super::board::{Board, Dir};
use crate::source::Span;

/// The most players a game may have.
pub const MAX_PLAYERS: usize = 2;
/// The most kinds of piece a game may have.
pub const MAX_PIECES: usize = 16;
/// The most `(pliesSince ...)` counters a game may have.
pub const MAX_COUNTERS: usize = 4;

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
    pub regions: Vec<(String, Vec<u8>)>,
    /// The start position.
    pub start: Vec<Placement>,
    /// Restrictions on moves.
    pub forbids: Vec<ForbidDef>,
    /// End rules in order.
    pub ends: Vec<EndDef>,
    /// `(pliesSince ...)` counters, one per distinct set of events.
    pub counters: Vec<Events>,
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
    /// Whether check is about this piece.
    pub royal: bool,
    /// Indices into [`Model::moves`].
    pub moves: Vec<usize>,
    /// How it promotes, if it does.
    pub promotion: Option<PromotionDef>,
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
}

impl Target {
    /// The word the language uses.
    pub fn name(self) -> &'static str {
        match self {
            Target::Empty => "Empty",
            Target::Enemy => "Enemy",
            Target::NotFriend => "NotFriend",
        }
    }
}

/// How a move goes.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum MoveKind {
    /// One square in each direction.
    Step(Vec<RelDir>),
    /// Along each direction over empty squares, at most `max` squares.
    Slide(Vec<RelDir>, Option<u32>),
    /// To the squares (±across, ±ahead) and (±ahead, ±across).
    Leap(i32, i32),
}

/// One move rule of a piece.
#[derive(Clone, Debug)]
pub struct MoveDef {
    /// The piece it belongs to.
    pub piece: usize,
    /// How it goes.
    pub kind: MoveKind,
    /// What it may land on.
    pub target: Target,
    /// Its text in the file.
    pub text: String,
    /// Where it is written.
    pub span: Span,
}

/// A promotion rule.
#[derive(Clone, Debug)]
pub struct PromotionDef {
    /// For each player, the squares where the piece promotes.
    pub zone: Vec<Vec<u8>>,
    /// The kinds it may become.
    pub to: Vec<usize>,
    /// Its text in the file.
    pub text: String,
}

/// A piece on a square at the start.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Placement {
    /// The square.
    pub sq: u8,
    /// The owner.
    pub player: u8,
    /// The kind.
    pub piece: u8,
}

/// A player as a rule names them.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum PlayerRef {
    /// In end rules and restrictions: the player who moved last; in moves: the player moving.
    Mover,
    /// The player to move next.
    Next,
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

/// A condition on a position.
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
    /// The player would have no legal move.
    NoMoves(PlayerRef),
    /// The position has occurred this many times.
    Repeated(u32),
    /// A comparison of two numbers.
    Cmp(CmpOp, IntExpr, IntExpr),
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
    /// Its text in the file.
    pub text: String,
}

/// The result an end rule gives.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum OutcomeDef {
    /// The player wins.
    Win(PlayerRef, String),
    /// The player loses.
    Loss(PlayerRef, String),
    /// Nobody wins.
    Draw(String),
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
            PlayerRef::Fixed(i) => write!(f, "P{}", i + 1),
        }
    }
}

impl Model {
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
