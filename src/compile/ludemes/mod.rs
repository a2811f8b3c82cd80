//! The ludeme catalogue: every ludeme of the language, its arguments and their
//! types, a one-line meaning and an example. The checker, the language
//! reference (`lud doc`) and editor help all read this table.

use std::fmt::Write as _;

/// What a ludeme is: the category a form belongs to, used to check that an
/// argument is of the right kind.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Cat {
    /// The whole game.
    Game,
    /// Facts about the game: source, date, description.
    Info,
    /// The players.
    Players,
    /// One player.
    Player,
    /// The board and the pieces.
    Equipment,
    /// The board.
    Board,
    /// The board's shape.
    Shape,
    /// A kind of piece.
    Piece,
    /// A way a piece moves.
    Move,
    /// A promotion rule of a piece.
    Promote,
    /// A named set of squares.
    Region,
    /// A set of squares.
    Sites,
    /// The rules: start, play, end.
    Rules,
    /// The start position.
    Start,
    /// Pieces put on squares at the start.
    Place,
    /// How turns are played.
    Play,
    /// A restriction on moves.
    Forbid,
    /// The end conditions.
    End,
    /// One end condition.
    EndRule,
    /// A result: who wins, or a draw.
    Outcome,
    /// A condition, true or false in a position.
    Cond,
    /// A number computed from a position.
    Int,
    /// Something that happens in a move.
    Event,
    /// The options of a game.
    Options,
    /// One option.
    Option,
    /// The rulesets of a game.
    Rulesets,
    /// One ruleset.
    Ruleset,
    /// An option value a ruleset sets.
    Set,
    /// A choice made by options (removed before the checks).
    Config,
    /// Something a move does besides moving.
    Effect,
    /// Something that happens after a promotion (an effect, or another move).
    AfterPromotion,
    /// The turn going on with another part (after a move, not a promotion).
    Continuation,
    /// Squares selected around a move, from where it lands.
    Pattern,
    /// Kinds of piece computed in a promotion.
    Kind,
    /// One square named relative to a move.
    Square,
    /// A fact remembered about a player.
    Remember,
    /// A phase before normal play.
    Phase,
    /// A line drawn on the board, through points in order.
    Line,
    /// The moves of a phase.
    PhaseMoves,
}

impl Cat {
    /// How an argument of this category is described in messages.
    pub fn describe(self) -> &'static str {
        match self {
            Cat::Game => "a game",
            Cat::Info => "an info block",
            Cat::Players => "a list of players",
            Cat::Player => "a player",
            Cat::Equipment => "the equipment",
            Cat::Board => "a board",
            Cat::Shape => "a board shape",
            Cat::Piece => "a piece",
            Cat::Move => "a move",
            Cat::Promote => "a promotion",
            Cat::Region => "a region",
            Cat::Sites => "a set of squares",
            Cat::Rules => "the rules",
            Cat::Start => "a start position",
            Cat::Place => "a placement",
            Cat::Play => "the play rules",
            Cat::Forbid => "a restriction",
            Cat::End => "the end rules",
            Cat::EndRule => "an end rule",
            Cat::Outcome => "a result",
            Cat::Cond => "a condition",
            Cat::Int => "a number",
            Cat::Event => "an event",
            Cat::Options => "the options",
            Cat::Option => "an option",
            Cat::Rulesets => "the rulesets",
            Cat::Ruleset => "a ruleset",
            Cat::Set => "an option setting",
            Cat::Config => "an option test",
            Cat::Effect => "an effect",
            Cat::AfterPromotion => "an effect after promoting",
            Cat::Continuation => "the turn going on",
            Cat::Pattern => "a pattern of squares around a move",
            Cat::Kind => "kinds of piece",
            Cat::Square => "a square",
            Cat::Remember => "a remembered fact",
            Cat::Phase => "a phase",
            Cat::Line => "a line of the board",
            Cat::PhaseMoves => "the moves of a phase",
        }
    }
}

/// The type of an argument.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Ty {
    /// A form of one of these categories.
    Of(&'static [Cat]),
    /// A whole number, or a form computing one.
    Int,
    /// A whole number written out (or an option's value): fixed when the
    /// game is compiled, as a board's size or a move's length is.
    Fixed,
    /// A number with a fraction (`0.5`) or a whole number.
    Num,
    /// A string.
    Str,
    /// `True` or `False`.
    Bool,
    /// One of a fixed set of identifiers.
    Const(&'static Consts),
    /// An event: `Capture`, `Promotion`, or an event form such as `(moved "Pawn")`.
    Event,
    /// A player: `Mover`, `Next`, or a player's name.
    Player,
    /// The name of a piece, as a string: `"Rook"`.
    PieceName,
    /// Squares: a square name `a1`, a list `{a1 h1}`, a region's name or a sites ludeme.
    Sites,
    /// An option value: a whole number or a string.
    Value,
    /// One square: a square name `a1` or a square ludeme (`(to)`, `(adjacent Backward)`).
    Square,
    /// A kind of piece: a piece name in quotes, or a kind ludeme (`(startKind (to))`).
    Kind,
    /// Anything (the items of a `when`).
    Any,
}

/// How many values an argument takes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Arity {
    /// Exactly one, required.
    One,
    /// One or none.
    Opt,
    /// A list `{ ... }` of values (one value alone may stand for a list of one).
    List,
    /// Every remaining positional argument (none or more).
    Rest,
}

/// One argument of a ludeme.
#[derive(Clone, Copy, Debug)]
pub struct Param {
    /// Its name: the key of a named argument, or how a positional one is called.
    pub name: &'static str,
    /// What it takes.
    pub ty: Ty,
    /// How many.
    pub arity: Arity,
    /// Whether it is written `name:value`.
    pub named: bool,
    /// What it means.
    pub doc: &'static str,
}

/// One ludeme of the catalogue.
#[derive(Clone, Copy, Debug)]
pub struct Ludeme {
    /// Its name, the head of its form.
    pub name: &'static str,
    /// What it is.
    pub cat: Cat,
    /// Its arguments, positional ones first in order.
    pub params: &'static [Param],
    /// One line on what it means.
    pub doc: &'static str,
    /// A small example.
    pub example: &'static str,
}

impl Ludeme {
    /// The signature as the reference shows it: `(slide dirs to:Target max:Int)`.
    pub fn signature(&self) -> String {
        let mut s = format!("({}", self.name);
        for p in self.params {
            s.push(' ');
            let ty = ty_name(p.ty);
            let core = if p.named {
                format!("{}:{}", p.name, ty)
            } else {
                format!("<{}>", p.name)
            };
            match p.arity {
                Arity::One if !p.named => s.push_str(&core),
                Arity::One | Arity::Opt => {
                    let _ = write!(s, "[{core}]");
                }
                Arity::List if p.named => {
                    let _ = write!(s, "[{}:{{{}...}}]", p.name, ty);
                }
                Arity::List => {
                    let _ = write!(s, "{{{core}...}}");
                }
                Arity::Rest => {
                    let _ = write!(s, "{core}...");
                }
            }
        }
        s.push(')');
        s
    }

    /// The named parameter `key`, if the ludeme has one.
    pub fn named(&self, key: &str) -> Option<&'static Param> {
        self.params.iter().find(|p| p.named && p.name == key)
    }
}

/// A short name of a type for signatures.
pub fn ty_name(ty: Ty) -> String {
    match ty {
        Ty::Of(cats) => cats
            .iter()
            .map(|c| format!("{c:?}"))
            .collect::<Vec<_>>()
            .join("|"),
        Ty::Int | Ty::Fixed => "Int".into(),
        Ty::Num => "Num".into(),
        Ty::Str => "String".into(),
        Ty::Bool => "Bool".into(),
        Ty::Const(c) => c.name.into(),
        Ty::Event => "Event".into(),
        Ty::Player => "Player".into(),
        Ty::PieceName => "PieceName".into(),
        Ty::Sites => "Sites".into(),
        Ty::Value => "Value".into(),
        Ty::Square => "Square".into(),
        Ty::Kind => "Kind".into(),
        Ty::Any => "Item".into(),
    }
}

/// How a type is described in messages: "a move (`step`, `slide`, ...)".
pub fn describe_ty(ty: Ty) -> String {
    match ty {
        Ty::Of(cats) => {
            let names: Vec<String> = cats
                .iter()
                .flat_map(|c| LUDEMES.iter().filter(move |l| l.cat == *c))
                .map(|l| format!("`{}`", l.name))
                .collect();
            let what = cats
                .iter()
                .map(|c| c.describe())
                .collect::<Vec<_>>()
                .join(" or ");
            if names.is_empty() || names.len() > 8 {
                what
            } else {
                format!("{what} ({})", names.join(", "))
            }
        }
        Ty::Int => "a whole number".into(),
        Ty::Fixed => "a written-out whole number".into(),
        Ty::Num => "a number".into(),
        Ty::Str => "a string".into(),
        Ty::Bool => "`True` or `False`".into(),
        Ty::Const(c) => format!("{} ({})", c.what, list_words(c.values)),
        Ty::Event => "an event (`Capture`, `Promotion` or `(moved \"Piece\")`)".into(),
        Ty::Player => "a player (`Mover`, `Next`, `Opponent` or a player's name)".into(),
        Ty::PieceName => "a piece name in quotes, such as \"Rook\"".into(),
        Ty::Sites => "squares (`a1`, `{a1 h1}`, a region's name or `(rank 2)`)".into(),
        Ty::Value => "a value (a whole number or a string)".into(),
        Ty::Square => "a square (`a1`, `(from)`, `(to)`, `(adjacent Backward)`)".into(),
        Ty::Kind => "a kind of piece (a name in quotes, `(startKind ...)`, `(lostKinds)`)".into(),
        Ty::Any => "anything".into(),
    }
}

/// A fixed set of identifiers an argument may take.
#[derive(Debug, PartialEq, Eq)]
pub struct Consts {
    /// The set's name in signatures: `Direction`.
    pub name: &'static str,
    /// How one is described in messages: "a direction".
    pub what: &'static str,
    /// The identifiers.
    pub values: &'static [&'static str],
}

fn list_words(words: &[&str]) -> String {
    if words.len() > 6 {
        format!("`{}`, ...", words[..5].join("`, `"))
    } else {
        format!("`{}`", words.join("`, `"))
    }
}

/// The single directions of a square board, clockwise from North.
pub const COMPASS: &[&str] = &["N", "NE", "E", "SE", "S", "SW", "W", "NW"];

/// Compass directions as an argument type.
pub static COMPASS_DIRS: Consts = Consts {
    name: "Compass",
    what: "a compass direction",
    values: COMPASS,
};

/// Directions as an argument type.
pub static DIRECTION: Consts = Consts {
    name: "Direction",
    what: "a direction",
    values: DIRECTIONS,
};

/// Move targets as an argument type.
pub static TARGET_KINDS: Consts = Consts {
    name: "Target",
    what: "a target",
    values: TARGETS,
};

/// Whose pieces a jump may jump over, as an argument type.
pub static JUMPED: Consts = Consts {
    name: "Jumped",
    what: "whose pieces",
    values: &["Enemy", "Friend", "Any"],
};

/// How the computer player searches by default (`(info player:...)`).
pub static SEARCHES: Consts = Consts {
    name: "Search",
    what: "a way of searching",
    values: &["AlphaBeta", "Mcts", "Rave"],
};

/// Every direction name a move can use.
pub const DIRECTIONS: &[&str] = &[
    "N",
    "NE",
    "E",
    "SE",
    "S",
    "SW",
    "W",
    "NW",
    "All",
    "Orthogonal",
    "Diagonal",
    "Forward",
    "Backward",
    "Left",
    "Right",
    "ForwardLeft",
    "ForwardRight",
    "BackwardLeft",
    "BackwardRight",
    "Sideways",
];

/// What a move may land on.
pub const TARGETS: &[&str] = &["Empty", "Enemy", "NotFriend", "EnPassant"];

/// Events a `(pliesSince ...)` counter can be reset by.
pub const EVENTS: &[&str] = &["Capture", "Promotion"];

/// The two truth values.
pub const BOOLS: &[&str] = &["True", "False"];

/// The player words usable wherever a player is expected.
pub const PLAYER_WORDS: &[&str] = &["Mover", "Next", "Opponent"];

/// What a win is worth.
pub static WORTH: Consts = Consts {
    name: "Worth",
    what: "a worth",
    values: &["Win", "HalfWin"],
};

const fn pos(name: &'static str, ty: Ty, arity: Arity, doc: &'static str) -> Param {
    Param {
        name,
        ty,
        arity,
        named: false,
        doc,
    }
}

const fn key(name: &'static str, ty: Ty, doc: &'static str) -> Param {
    Param {
        name,
        ty,
        arity: Arity::Opt,
        named: true,
        doc,
    }
}

const DIRS: Ty = Ty::Const(&DIRECTION);
const TARGET: Param = key(
    "to",
    Ty::Const(&TARGET_KINDS),
    "what the destination may hold: `Empty` (move only), `Enemy` (capture only), `NotFriend` (either; the default) or `EnPassant` (a square the opponent's last move passed over, that move marked `(enPassant)`; the piece that made it is taken)",
);
const COND: Ty = Ty::Of(&[Cat::Cond]);
const IF: Param = key(
    "if",
    COND,
    "a condition the move must meet (see Conditions; `(from)` and `(to)` are the move's squares)",
);
const FROM: Param = key(
    "from",
    Ty::Sites,
    "squares the piece must stand on (for the player moving)",
);
const THEN: Param = Param {
    name: "then",
    ty: Ty::Of(&[Cat::Effect, Cat::Continuation]),
    arity: Arity::List,
    named: true,
    doc: "what the move does besides moving: `(flag \"name\")`, `(flip ...)`, `(capture ...)`, `(transform ...)`, `(push ...)`, `(addScore ...)`, `(continue ...)`",
};
const PIECES_KEY: Param = Param {
    name: "piece",
    ty: Ty::PieceName,
    arity: Arity::List,
    named: true,
    doc: "only pieces of these kinds are selected (any kind if absent)",
};
const PATTERN_AT: Param = key(
    "at",
    Ty::Sites,
    "only pieces standing on these squares are selected (for the player moving)",
);
const HOSTILE: Param = key(
    "hostile",
    Ty::Sites,
    "empty squares that count as the mover's pieces (a throne, the corners)",
);
const PATTERN: Ty = Ty::Of(&[Cat::Pattern]);
const STUCK: Param = key(
    "whenStuck",
    Ty::Bool,
    "`True`: the move is offered only when the player has no other legal move",
);
const PUT: Param = key(
    "put",
    Ty::PieceName,
    "the piece stays where it is and a new piece of this kind, the mover's, is put where the move lands (an arrow shot by a queen that stays)",
);
const AVOID: Param = key(
    "avoid",
    Ty::Sites,
    "squares the move may neither stop on nor cross (for the player moving): a throne only the king may use",
);
const STAY: Param = key(
    "stay",
    Ty::Bool,
    "`True`: the piece captures without moving (with `to:Enemy`)",
);

macro_rules! cmp {
    ($name:literal, $doc:literal, $ex:literal) => {
        Ludeme {
            name: $name,
            cat: Cat::Cond,
            params: &[
                pos("left", Ty::Int, Arity::One, "the first number"),
                pos("right", Ty::Int, Arity::One, "the second number"),
            ],
            doc: $doc,
            example: $ex,
        }
    };
}

mod game;
mod ludii;
mod rules;

pub use ludii::{ludii_phrase, ludii_phrases, LudiiPhrase, LUDII};

/// The catalogue's parts, in the order the reference lists them.
const PARTS: &[&[Ludeme]] = &[game::LUDEMES, rules::LUDEMES];

/// How many ludemes the parts hold together.
const fn total(parts: &[&[Ludeme]]) -> usize {
    let mut n = 0;
    let mut i = 0;
    while i < parts.len() {
        n += parts[i].len();
        i += 1;
    }
    n
}

/// The parts one after another, in order, as one array.
const fn concat<const N: usize>(parts: &[&[Ludeme]]) -> [Ludeme; N] {
    let mut out = [parts[0][0]; N];
    let mut k = 0;
    let mut i = 0;
    while i < parts.len() {
        let mut j = 0;
        while j < parts[i].len() {
            out[k] = parts[i][j];
            k += 1;
            j += 1;
        }
        i += 1;
    }
    out
}

/// The whole catalogue as one array.
const ALL: [Ludeme; total(PARTS)] = concat(PARTS);

/// Every ludeme, grouped by what it is.
pub const LUDEMES: &[Ludeme] = &ALL;

/// The ludeme named `name`.
pub fn lookup(name: &str) -> Option<&'static Ludeme> {
    static BY_NAME: std::sync::OnceLock<std::collections::HashMap<&'static str, &'static Ludeme>> =
        std::sync::OnceLock::new();
    BY_NAME
        .get_or_init(|| LUDEMES.iter().map(|l| (l.name, l)).collect())
        .get(name)
        .copied()
}

/// Whether an identifier is an event constant (`Capture`, `Promotion`).
pub fn is_event(ident: &str) -> bool {
    EVENTS.contains(&ident)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_are_unique_and_params_are_ordered() {
        let mut names: Vec<_> = LUDEMES.iter().map(|l| l.name).collect();
        names.sort_unstable();
        let n = names.len();
        names.dedup();
        assert_eq!(n, names.len(), "two ludemes share a name");
        for l in LUDEMES {
            // Positional parameters come before named ones, and a Rest is last of them.
            let positional: Vec<_> = l.params.iter().filter(|p| !p.named).collect();
            for (i, p) in positional.iter().enumerate() {
                if p.arity == Arity::Rest {
                    assert_eq!(i + 1, positional.len(), "{}: Rest not last", l.name);
                }
            }
        }
    }

    #[test]
    fn signatures_read_well() {
        assert_eq!(
            lookup("slide").map(Ludeme::signature).as_deref(),
            Some("(slide {<dirs>...} [to:Target] [max:Int] [min:Int] [if:Cond] [from:Sites] [then:{Effect|Continuation...}] [whenStuck:Bool] [stay:Bool] [put:PieceName] [avoid:Sites])")
        );
    }
}
