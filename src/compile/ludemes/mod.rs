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
        Ty::Int => "Int".into(),
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
    ty: Ty::Of(&[Cat::Effect]),
    arity: Arity::List,
    named: true,
    doc: "what the move does besides moving: `(flag \"name\")`, `(flip ...)`, `(capture ...)`",
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

/// Every ludeme, grouped by what it is.
pub const LUDEMES: &[Ludeme] = &[
    // ---------------------------------------------------------------- game
    Ludeme {
        name: "game",
        cat: Cat::Game,
        params: &[
            pos("name", Ty::Str, Arity::One, "the game's name"),
            pos(
                "sections",
                Ty::Of(&[Cat::Info, Cat::Options, Cat::Rulesets, Cat::Players, Cat::Equipment, Cat::Rules]),
                Arity::Rest,
                "`info`, `options`, `rulesets`, `players`, `equipment` and `rules`, each once",
            ),
        ],
        doc: "A whole game: its name, what it is, who plays, the equipment and the rules.",
        example: "(game \"Tiny\" (players {(player \"White\" N) (player \"Black\" S)}) (equipment {(board (square 4)) (piece \"King\" \"K\" royal:True (step All))}) (rules (start {(place White \"King\" a1) (place Black \"King\" d4)}) (end {(if (noMoves Next) (loss Next \"stalemate\"))})))",
    },
    Ludeme {
        name: "info",
        cat: Cat::Info,
        params: &[
            key("source", Ty::Str, "where the rules come from"),
            key("date", Ty::Str, "when the game was played"),
            key("description", Ty::Str, "a paragraph on the game"),
        ],
        doc: "Facts about the game, shown by `lud show`.",
        example: "(info source:\"Murray, A History of Chess (1913)\" date:\"9th century\" description:\"An old game.\")",
    },
    Ludeme {
        name: "players",
        cat: Cat::Players,
        params: &[pos("players", Ty::Of(&[Cat::Player]), Arity::List, "the players in turn order")],
        doc: "The players, in the order they move. The first is written in capitals in positions.",
        example: "(players {(player \"White\" N) (player \"Black\" S)})",
    },
    Ludeme {
        name: "player",
        cat: Cat::Player,
        params: &[
            pos("name", Ty::Str, Arity::One, "the player's name, usable as a player word (`White`)"),
            pos("forward", Ty::Const(&COMPASS_DIRS), Arity::One, "the direction the player's `Forward` points"),
        ],
        doc: "A player and the direction that is forward for them.",
        example: "(player \"White\" N)",
    },
    // -------------------------------------------------------------- options
    Ludeme {
        name: "options",
        cat: Cat::Options,
        params: &[pos("options", Ty::Of(&[Cat::Option]), Arity::List, "the options")],
        doc: "The game's options: choices a player makes before the game (`--option name=value`).",
        example: "(options {(option \"boorj\" {\"half-win\" \"draw\"} default:\"half-win\")})",
    },
    Ludeme {
        name: "option",
        cat: Cat::Option,
        params: &[
            pos("name", Ty::Str, Arity::One, "the option's name"),
            pos("values", Ty::Value, Arity::List, "the values it may take"),
            key("default", Ty::Value, "its value unless a ruleset or the player sets another (the first value if absent)"),
            key("doc", Ty::Str, "what it means, shown by `lud show`"),
        ],
        doc: "An option and its values. `(when ...)` and `(optionValue ...)` read it.",
        example: "(option \"opening-moves\" {0 3 4 5 6 7 8 9} default:4 doc:\"moves each side makes at the start\")",
    },
    Ludeme {
        name: "rulesets",
        cat: Cat::Rulesets,
        params: &[pos("rulesets", Ty::Of(&[Cat::Ruleset]), Arity::List, "the rulesets; the first is the default")],
        doc: "Named bundles of option values (`--ruleset Name`); the first is played unless another is chosen.",
        example: "(rulesets {(ruleset \"Standard\" {(set \"boorj\" \"draw\")})})",
    },
    Ludeme {
        name: "ruleset",
        cat: Cat::Ruleset,
        params: &[
            pos("name", Ty::Str, Arity::One, "the ruleset's name"),
            pos("settings", Ty::Of(&[Cat::Set]), Arity::List, "the option values it sets; others keep their defaults"),
            key("doc", Ty::Str, "what it is, shown by `lud show`"),
        ],
        doc: "A ruleset: a name for a set of option values.",
        example: "(ruleset \"Murray\" {(set \"opening-moves\" 4)} doc:\"after Murray, A History of Chess\")",
    },
    Ludeme {
        name: "set",
        cat: Cat::Set,
        params: &[
            pos("option", Ty::Str, Arity::One, "the option"),
            pos("value", Ty::Value, Arity::One, "its value in this ruleset"),
        ],
        doc: "An option value in a ruleset.",
        example: "(set \"boorj\" \"none\")",
    },
    Ludeme {
        name: "when",
        cat: Cat::Config,
        params: &[
            pos("option", Ty::Str, Arity::One, "the option"),
            pos("values", Ty::Value, Arity::List, "the values for which the items count"),
            pos("items", Ty::Any, Arity::Rest, "items of any kind, where such items may stand"),
        ],
        doc: "The items, if the option has one of the values; nothing otherwise. Usable wherever its items could stand.",
        example: "(when \"boorj\" \"half-win\" (if (= (count Next) 1) (win Mover \"Boorj\")))",
    },
    Ludeme {
        name: "optionValue",
        cat: Cat::Int,
        params: &[pos("option", Ty::Str, Arity::One, "the option")],
        doc: "The option's value, where a number or a string is expected.",
        example: "(optionValue \"opening-moves\")",
    },
    // ----------------------------------------------------------- equipment
    Ludeme {
        name: "equipment",
        cat: Cat::Equipment,
        params: &[pos("items", Ty::Of(&[Cat::Board, Cat::Piece, Cat::Region]), Arity::List, "the board, the pieces and named regions")],
        doc: "The board, the kinds of piece and the named regions.",
        example: "(equipment {(board (square 8)) (piece \"King\" \"K\" royal:True (step All))})",
    },
    Ludeme {
        name: "board",
        cat: Cat::Board,
        params: &[
            pos("shape", Ty::Of(&[Cat::Shape]), Arity::One, "the board's shape"),
            key("marked", Ty::Sites, "squares carrying a mark, drawn with the board"),
            Param {
                name: "lines",
                ty: Ty::Of(&[Cat::Line]),
                arity: Arity::List,
                named: true,
                doc: "lines drawn on the board, `(line a1 d1 g1)` each: `along` moves between neighbours on a line, `inLine` asks whether a line is full",
            },
        ],
        doc: "The board: its shape, any marked squares and any lines drawn on it. Squares are named a1, b1, ... from the first player's left.",
        example: "(board (square 8) marked:{a1 d1 e1 h1})",
    },
    Ludeme {
        name: "line",
        cat: Cat::Line,
        params: &[pos("points", Ty::Square, Arity::Rest, "its points, in order along the line (two or more)")],
        doc: "A line drawn on the board through points in order, as on a mill board: neighbours on a line are joined (`along`), and a line whose every point holds pieces of one player is full (`inLine`). Squares between the points written are not on the line.",
        example: "(line a1 d1 g1)",
    },
    Ludeme {
        name: "square",
        cat: Cat::Shape,
        params: &[pos("size", Ty::Int, Arity::One, "squares on each side (1 to 11)")],
        doc: "A square board of size × size squares, each joined to its eight neighbours.",
        example: "(square 8)",
    },
    Ludeme {
        name: "rectangle",
        cat: Cat::Shape,
        params: &[
            pos("width", Ty::Int, Arity::One, "files, a... (1 to 26)"),
            pos("height", Ty::Int, Arity::One, "ranks, 1... (1 to 26)"),
        ],
        doc: "A rectangular board of width × height squares (at most 128 squares).",
        example: "(rectangle 9 10)",
    },
    Ludeme {
        name: "piece",
        cat: Cat::Piece,
        params: &[
            pos("name", Ty::Str, Arity::One, "the piece's name"),
            pos("letter", Ty::Str, Arity::One, "one letter for positions and the board drawing; the first player's pieces are shown in capitals"),
            pos("rules", Ty::Of(&[Cat::Move, Cat::Promote]), Arity::Rest, "how the piece moves, and how it promotes"),
            key("royal", Ty::Bool, "whether the piece is royal: `(inCheck P)` asks whether a royal piece of P is attacked"),
            Param {
                name: "aliases",
                ty: Ty::Str,
                arity: Arity::List,
                named: true,
                doc: "other names the sources use, a list of strings, shown by `lud show`",
            },
        ],
        doc: "A kind of piece, the same for every player, with its moves.",
        example: "(piece \"Rook\" \"R\" (slide Orthogonal))",
    },
    Ludeme {
        name: "region",
        cat: Cat::Region,
        params: &[
            pos("name", Ty::Str, Arity::One, "the region's name, usable wherever squares are expected"),
            pos("sites", Ty::Sites, Arity::One, "its squares"),
        ],
        doc: "A named set of squares.",
        example: "(region \"Centre\" {d4 e4 d5 e5})",
    },
    // --------------------------------------------------------------- moves
    Ludeme {
        name: "step",
        cat: Cat::Move,
        params: &[pos("dirs", DIRS, Arity::List, "the directions"), TARGET, IF, FROM, THEN, STUCK, STAY, PUT, AVOID],
        doc: "Move one square in one of the directions.",
        example: "(step Forward to:Empty)",
    },
    Ludeme {
        name: "slide",
        cat: Cat::Move,
        params: &[
            pos("dirs", DIRS, Arity::List, "the directions"),
            TARGET,
            key("max", Ty::Int, "the most squares it may go (no limit if absent)"),
            key("min", Ty::Int, "the fewest squares it may go (1 if absent)"),
            IF,
            FROM,
            THEN,
            STUCK,
            STAY,
            PUT,
            AVOID,
        ],
        doc: "Move any number of squares in one direction over empty squares, stopping on or before the first piece.",
        example: "(slide Orthogonal)",
    },
    Ludeme {
        name: "leap",
        cat: Cat::Move,
        params: &[
            pos("across", Ty::Int, Arity::One, "squares sideways"),
            pos("ahead", Ty::Int, Arity::One, "squares ahead"),
            TARGET,
            IF,
            FROM,
            THEN,
            STUCK,
            STAY,
            PUT,
            AVOID,
        ],
        doc: "Jump to the squares `across` one way and `ahead` the other, in all eight orientations, over anything between.",
        example: "(leap 1 2)",
    },
    Ludeme {
        name: "along",
        cat: Cat::Move,
        params: &[TARGET, IF, FROM, THEN, STUCK, AVOID],
        doc: "Move to a neighbouring point on one of the board's lines (`(board ... lines:{(line a1 d1 g1) ...})`): the next point along a line through the piece's square, either way.",
        example: "(along to:Empty)",
    },
    Ludeme {
        name: "fly",
        cat: Cat::Move,
        params: &[
            pos("sites", Ty::Sites, Arity::One, "where the piece may go"),
            TARGET,
            IF,
            FROM,
            THEN,
            STUCK,
        ],
        doc: "Move to any square of the set, wherever the piece stands and whatever lies between (a man that flies when its side is down to three).",
        example: "(fly (everywhere) to:Empty if:(= (count Mover) 3))",
    },
    Ludeme {
        name: "betza",
        cat: Cat::Move,
        params: &[
            pos("notation", Ty::Str, Arity::One, "the moves in (X)Betza notation: atoms `W F D N A H C Z G` and `K R B Q`, doubled or with a number to ride (`NN`, `R4`); before an atom, `f b l r v s h` choose directions, `m` moves only, `c` captures only, `e` captures en passant (`to:EnPassant`), `n` can be blocked, `p` hops over one piece (`g`: lands right behind it), `i` only a piece's first move, `a` another leg"),
            IF,
            FROM,
            THEN,
            STUCK,
            STAY,
            PUT,
            AVOID,
        ],
        doc: "Moves written in Betza notation, as Fairy-Stockfish and XBoard read it: each atom and its modifiers become move rules of the kinds the other move ludemes make (steps, leaps, slides), and also riders by any leap (`NN`), hoppers (`mRcpR`, the cannon; `gQ`, the grasshopper) and blockable leaps (`nN`, the Chinese-chess horse). Directions are the mover's: `f` is forward.",
        example: "(betza \"fmWfcF\")",
    },
    Ludeme {
        name: "drop",
        cat: Cat::Move,
        params: &[
            pos("piece", Ty::PieceName, Arity::One, "the kind of piece put down, a new one of the player's"),
            pos("sites", Ty::Sites, Arity::One, "where it may go (`(everywhere)` for any empty square)"),
            key("gravity", Ty::Const(&COMPASS_DIRS), "the direction it falls: it may go only on an empty square whose next square that way is occupied or off the board (`S`: the lowest empty square of each file)"),
            key("fromHand", Ty::Bool, "`True`: the piece comes from the player's hand (`(hand ...)` at the start), one fewer there; with none left, no such drop"),
            IF,
            THEN,
        ],
        doc: "A move of the player, in `(play ...)`: put a new piece on an empty square. Written `@d1`.",
        example: "(drop \"Pawn\" (everywhere) gravity:S)",
    },
    Ludeme {
        name: "jump",
        cat: Cat::Move,
        params: &[
            pos("dirs", DIRS, Arity::List, "the directions"),
            key("again", Ty::Bool, "`True`: after a jump the piece must jump again while it can, and the whole series is one move"),
            IF,
            FROM,
        ],
        doc: "Jump over an adjacent enemy piece to the empty square right behind it, taking that piece. With `again:True` the piece goes on jumping while it can, in the same directions: the series is one move, written with every square it lands on (`c3e5g7`); a piece is never jumped twice, and those jumped leave the board when the series ends. A piece that lands where it promotes stops there.",
        example: "(jump {ForwardLeft ForwardRight} again:True)",
    },
    Ludeme {
        name: "castle",
        cat: Cat::Move,
        params: &[
            pos("with", Ty::PieceName, Arity::One, "the kind of the partner piece"),
            key("steps", Ty::Int, "how many squares the piece goes (2 if absent)"),
        ],
        doc: "Castling: the piece goes `steps` squares along its rank towards a friendly piece of kind `with` on that rank, and the partner lands on the square next to it, on the side it came from. Only if neither piece has ever moved, every square between them is empty, the partner stands beyond the landing square, and the piece is not attacked on its square nor on any square it crosses (where it lands, the game's own rules judge, such as `(forbid (inCheck Mover))`). Written as the piece's move, `e1g1`; a position's castling field (`KQkq`) says which partners are still unmoved.",
        example: "(castle \"Rook\" steps:2)",
    },
    Ludeme {
        name: "promote",
        cat: Cat::Promote,
        params: &[
            pos("at", Ty::Sites, Arity::One, "where the piece promotes, for the player who owns it"),
            pos("to", Ty::Kind, Arity::List, "what it may become; the player chooses if there are several"),
            key("if", COND, "a condition on each kind offered (`(kindIs \"Horse\")`, `(lostCouldReach)`); kinds that fail it are not offered"),
            key("optional", Ty::Bool, "`True`: the piece may also stay as it is"),
            Param {
                name: "then",
                ty: Ty::Of(&[Cat::Effect, Cat::AfterPromotion]),
                arity: Arity::List,
                named: true,
                doc: "what happens after promoting: `(moveAgain)`, `(flag \"name\")`",
            },
            key("as", Ty::Square, "the promoted piece counts from now on as the piece that started on this square"),
            key("moveTo", Ty::Square, "the promoted piece goes to this square; if it is taken, to the nearest empty square of that rank (nearer the centre on a tie); if the rank is full, it stays"),
        ],
        doc: "A piece that ends a move in `at` must become one of `to`. If no kind is offered there (say, `(lostKinds)` and nothing is lost), the move cannot be made, and it is no attack either: such a piece gives no check on a square where it could not promote.",
        example: "(promote (lastRank) \"Counsellor\")",
    },
    Ludeme {
        name: "remove",
        cat: Cat::Move,
        params: &[
            pos("sites", Ty::Sites, Arity::One, "where an enemy piece may be taken"),
            IF,
            STUCK,
        ],
        doc: "A move of the player, not of a piece: take one enemy piece (never a royal one) off one of the squares. Written `xd5`.",
        example: "(remove (everywhere) whenStuck:True)",
    },
    Ludeme {
        name: "pass",
        cat: Cat::Move,
        params: &[IF, STUCK],
        doc: "A move of the player that changes nothing on the board: the turn passes to the next player. With `whenStuck:True`, only when the player has no other move. Written `pass`.",
        example: "(pass whenStuck:True)",
    },
    // ------------------------------------------------------------- effects
    Ludeme {
        name: "continue",
        cat: Cat::Effect,
        params: &[
            pos("moves", Ty::Of(&[Cat::Move]), Arity::List, "the moves of the next part of the turn: a piece's moves are made by the piece that just moved, from where it landed; a player's moves (`drop`, `remove`, `pass`) anywhere"),
            key("if", COND, "when the turn goes on (judged after the move; without it, always)"),
            key("optional", Ty::Bool, "`True`: the player may end the turn instead (typing `pass`)"),
        ],
        doc: "The turn goes on: the same player makes one more move, one of these, before the turn passes (a queen moves, then shoots an arrow from where it landed: `(slide All to:Empty then:(continue (slide All to:Empty put:\"Arrow\")))`). A part that has no move is skipped. The moves of the part may themselves continue the turn. Each part is a ply of the record; `perft` counts whole turns.",
        example: "(continue (slide All to:Empty put:\"Pawn\"))",
    },
    Ludeme {
        name: "flip",
        cat: Cat::Effect,
        params: &[pos("squares", PATTERN, Arity::One, "which pieces change sides")],
        doc: "After the move, the pieces on the squares the pattern selects become the mover's (discs turned over).",
        example: "(flip (bracketed All))",
    },
    Ludeme {
        name: "capture",
        cat: Cat::Effect,
        params: &[pos("squares", PATTERN, Arity::One, "which pieces are taken")],
        doc: "After the move, the pieces on the squares the pattern selects are taken off the board (custodian capture).",
        example: "(capture (sandwiched Orthogonal))",
    },
    // ------------------------------------------------------------ patterns
    Ludeme {
        name: "bracketed",
        cat: Cat::Pattern,
        params: &[pos("dirs", DIRS, Arity::List, "the directions looked along from `(to)`"), PIECES_KEY, PATTERN_AT, HOSTILE],
        doc: "Along each direction from where the move lands: a line of one or more enemy pieces, starting right next to it and ending in a piece of the mover (or a hostile square). Every piece of every such line is selected.",
        example: "(bracketed All)",
    },
    Ludeme {
        name: "sandwiched",
        cat: Cat::Pattern,
        params: &[pos("dirs", DIRS, Arity::List, "the directions looked along from `(to)`"), PIECES_KEY, PATTERN_AT, HOSTILE],
        doc: "Along each direction from where the move lands: the enemy piece right next to it, if a piece of the mover (or a hostile square) stands just beyond. A piece that moves between two enemies is not selected: only the move's own neighbours are.",
        example: "(sandwiched Orthogonal hostile:{e5})",
    },
    Ludeme {
        name: "surrounded",
        cat: Cat::Pattern,
        params: &[pos("dirs", DIRS, Arity::List, "the directions looked along"), PIECES_KEY, PATTERN_AT, HOSTILE],
        doc: "The enemy pieces right next to where the move lands (along the directions) whose every neighbour along the directions holds a piece of the mover or is a hostile square (a neighbour off the board does not count as either).",
        example: "(surrounded Orthogonal piece:\"King\" hostile:{e5})",
    },
    Ludeme {
        name: "flag",
        cat: Cat::Effect,
        params: &[pos("name", Ty::Str, Arity::One, "the flag")],
        doc: "Marks the piece that moved with a flag; `(flagged \"name\")` tests it. Flags move with their piece.",
        example: "(flag \"leapt\")",
    },
    Ludeme {
        name: "enPassant",
        cat: Cat::Effect,
        params: &[],
        doc: "The squares this move passed over (a slide of two or more squares) may be landed on by the opponent's very next move, if it is a move with `to:EnPassant`; that move takes the piece that passed. A position's en-passant field names the first such square.",
        example: "(enPassant)",
    },
    Ludeme {
        name: "moveAgain",
        cat: Cat::AfterPromotion,
        params: &[key("if", COND, "when the extra move is allowed")],
        doc: "After promoting, the piece may at once make one more move of its new kind, in the same turn (or not). Written `b7b8n,c6`. Only a promotion's `then:` takes it.",
        example: "(moveAgain if:(kindIs \"Horse\"))",
    },
    // --------------------------------------------------------------- kinds
    Ludeme {
        name: "startKind",
        cat: Cat::Kind,
        params: &[pos("square", Ty::Square, Arity::One, "the square")],
        doc: "The kind of piece that stood on the square at the start (of either player).",
        example: "(startKind (to))",
    },
    Ludeme {
        name: "lostKinds",
        cat: Cat::Kind,
        params: &[],
        doc: "Every kind of which the mover has fewer pieces than at the start (never a royal kind, nor the promoting kind).",
        example: "(lostKinds)",
    },
    // ------------------------------------------------------------- squares
    Ludeme {
        name: "from",
        cat: Cat::Square,
        params: &[],
        doc: "In a move: the square the piece leaves.",
        example: "(from)",
    },
    Ludeme {
        name: "to",
        cat: Cat::Square,
        params: &[],
        doc: "In a move: the square the piece goes to.",
        example: "(to)",
    },
    Ludeme {
        name: "adjacent",
        cat: Cat::Square,
        params: &[pos("dir", DIRS, Arity::One, "the direction, turned to the mover")],
        doc: "In a move: the square next to `(from)` in a direction.",
        example: "(adjacent Backward)",
    },
    Ludeme {
        name: "origin",
        cat: Cat::Square,
        params: &[],
        doc: "In a move: the square the moving piece stood on at the start of the game.",
        example: "(origin)",
    },
    Ludeme {
        name: "startSquare",
        cat: Cat::Square,
        params: &[pos("piece", Ty::PieceName, Arity::One, "the kind")],
        doc: "The square where the mover's piece of this kind started (the first, if several did).",
        example: "(startSquare \"Vizier\")",
    },
    Ludeme {
        name: "homeOf",
        cat: Cat::Square,
        params: &[pos("square", Ty::Square, Arity::One, "the square")],
        doc: "The square of the mover's first rank in the same file as the square.",
        example: "(homeOf (to))",
    },
    // --------------------------------------------------------------- sites
    Ludeme {
        name: "rank",
        cat: Cat::Sites,
        params: &[pos("number", Ty::Int, Arity::One, "the rank, 1 for the first player's side")],
        doc: "Every square of one rank (row).",
        example: "(rank 2)",
    },
    Ludeme {
        name: "file",
        cat: Cat::Sites,
        params: &[pos("number", Ty::Int, Arity::One, "the file, 1 for file a")],
        doc: "Every square of one file (column).",
        example: "(file 1)",
    },
    Ludeme {
        name: "lastRank",
        cat: Cat::Sites,
        params: &[],
        doc: "The rank farthest forward for the player concerned (on 8 ranks: rank 8 for White, 1 for Black).",
        example: "(lastRank)",
    },
    Ludeme {
        name: "firstRank",
        cat: Cat::Sites,
        params: &[],
        doc: "The rank farthest back for the player concerned (on 8 ranks: rank 1 for White, 8 for Black).",
        example: "(firstRank)",
    },
    Ludeme {
        name: "ownRank",
        cat: Cat::Sites,
        params: &[pos("number", Ty::Int, Arity::One, "counted from the player's side, 1 for the first rank")],
        doc: "A rank counted from the side of the player concerned (`(ownRank 2)` is rank 2 for White, 7 for Black).",
        example: "(ownRank 2)",
    },
    Ludeme {
        name: "half",
        cat: Cat::Sites,
        params: &[pos("player", Ty::Player, Arity::One, "whose half")],
        doc: "The half of the board on the player's side (ranks 1-4 for White on 8 ranks). On an odd number of ranks the middle rank belongs to neither half.",
        example: "(half Opponent)",
    },
    Ludeme {
        name: "startOf",
        cat: Cat::Sites,
        params: &[
            pos("piece", Ty::PieceName, Arity::One, "the kind"),
            pos("player", Ty::Player, Arity::One, "whose pieces"),
        ],
        doc: "The squares where the player's pieces of the kind stood at the start.",
        example: "(startOf \"King\" Opponent)",
    },
    Ludeme {
        name: "union",
        cat: Cat::Sites,
        params: &[pos("parts", Ty::Sites, Arity::Rest, "the sets")],
        doc: "The squares in any of the sets.",
        example: "(union (file 1) (file 8))",
    },
    Ludeme {
        name: "intersection",
        cat: Cat::Sites,
        params: &[pos("parts", Ty::Sites, Arity::Rest, "the sets")],
        doc: "The squares in all of the sets.",
        example: "(intersection (ownRank 2) (file 1))",
    },
    Ludeme {
        name: "difference",
        cat: Cat::Sites,
        params: &[
            pos("of", Ty::Sites, Arity::One, "the squares"),
            pos("minus", Ty::Sites, Arity::One, "the squares taken out"),
        ],
        doc: "The squares of the first set that are not in the second.",
        example: "(difference (lastRank) (startOf \"King\" Opponent))",
    },
    Ludeme {
        name: "sameFile",
        cat: Cat::Sites,
        params: &[pos("sites", Ty::Sites, Arity::One, "the squares")],
        doc: "Every square in the same file as one of the squares.",
        example: "(sameFile (startOf \"King\" Mover))",
    },
    Ludeme {
        name: "everywhere",
        cat: Cat::Sites,
        params: &[],
        doc: "Every square of the board.",
        example: "(everywhere)",
    },
    // --------------------------------------------------------------- rules
    Ludeme {
        name: "rules",
        cat: Cat::Rules,
        params: &[pos("sections", Ty::Of(&[Cat::Start, Cat::Play, Cat::End]), Arity::Rest, "`start`, `play` and `end`")],
        doc: "How the game starts, is played and ends.",
        example: "(rules (start {(place White \"King\" a1)}) (end {(if (noMoves Next) (loss Next \"stalemate\"))}))",
    },
    Ludeme {
        name: "start",
        cat: Cat::Start,
        params: &[pos("placements", Ty::Of(&[Cat::Place]), Arity::List, "the pieces put on the board")],
        doc: "The start position.",
        example: "(start {(place White \"Rook\" {a1 h1}) (place Black \"Rook\" {a8 h8})})",
    },
    Ludeme {
        name: "place",
        cat: Cat::Place,
        params: &[
            pos("player", Ty::Player, Arity::One, "whose pieces"),
            pos("piece", Ty::PieceName, Arity::One, "which piece"),
            pos("sites", Ty::Sites, Arity::One, "the squares, one piece on each"),
        ],
        doc: "Puts a player's pieces of one kind on squares.",
        example: "(place White \"Pawn\" (rank 2))",
    },
    Ludeme {
        name: "hand",
        cat: Cat::Place,
        params: &[
            pos("player", Ty::Player, Arity::One, "whose pieces"),
            pos("piece", Ty::PieceName, Arity::One, "which piece"),
            pos("count", Ty::Int, Arity::One, "how many (0 to 99)"),
        ],
        doc: "Gives a player pieces in hand at the start, off the board: `(drop ... fromHand:True)` puts them down, `(inHand ...)` counts them. A position string lists them as `hand=9M,9m`.",
        example: "(hand White \"King\" 1)",
    },
    Ludeme {
        name: "swap",
        cat: Cat::Place,
        params: &[
            pos("a", Ty::Square, Arity::One, "a square"),
            pos("b", Ty::Square, Arity::One, "another square"),
        ],
        doc: "Exchanges what stands on two squares of the start position, as if the pieces had been placed there (after every `place`).",
        example: "(swap e1 a1)",
    },
    Ludeme {
        name: "shift",
        cat: Cat::Place,
        params: &[
            pos("from", Ty::Square, Arity::One, "where the piece stands"),
            pos("to", Ty::Square, Arity::One, "an empty square"),
        ],
        doc: "A move made before the game (after every `place` and `swap`): the piece keeps the square it started on, and counts as moved.",
        example: "(shift d2 d4)",
    },
    Ludeme {
        name: "play",
        cat: Cat::Play,
        params: &[pos("rules", Ty::Of(&[Cat::Forbid, Cat::Remember, Cat::Phase, Cat::Move]), Arity::Rest, "restrictions, remembered facts, phases, and moves of the player (`remove`)")],
        doc: "How turns are played: the players move in turn (after any phases); each restriction removes moves.",
        example: "(play (forbid (inCheck Mover)))",
    },
    Ludeme {
        name: "forbid",
        cat: Cat::Forbid,
        params: &[
            pos("cond", COND, Arity::One, "judged in the position after the move, where `Mover` is the player who moved and `(from)`, `(to)` are the move's squares"),
            key("reason", Ty::Str, "how a refused move is explained"),
            key("unlessAll", Ty::Bool, "`True`: the restriction lapses when it would forbid every move the player has"),
        ],
        doc: "A move after which the condition holds is illegal. Moves tested inside the condition (`noMoves`) are judged by the restrictions written before this one.",
        example: "(forbid (inCheck Mover) reason:\"it would leave your king in check\")",
    },
    Ludeme {
        name: "remember",
        cat: Cat::Remember,
        params: &[
            pos("name", Ty::Str, Arity::One, "the fact's name"),
            pos("cond", COND, Arity::One, "when it becomes true (judged after every move and at the start)"),
            key("player", Ty::Player, "about whom (`Next` if absent)"),
        ],
        doc: "A fact about a player that, once true, stays true for the rest of the game; `(remembers P \"name\")` tests it.",
        example: "(remember \"been in check\" (inCheck Next) player:Next)",
    },
    Ludeme {
        name: "phase",
        cat: Cat::Phase,
        params: &[
            pos("name", Ty::Str, Arity::One, "the phase's name"),
            pos("moves", Ty::Int, Arity::One, "moves each player makes in a row, in turn order (0 skips the phase)"),
            pos("rules", Ty::Of(&[Cat::Forbid, Cat::PhaseMoves]), Arity::Rest, "restrictions that hold during the phase, and the moves of the phase (`moves`), if its moves are not the pieces' own"),
            key("prompt", Ty::Str, "what a player is asked to do during the phase (shown to a human player)"),
        ],
        doc: "A phase before normal play: the first player makes `moves` moves in a row, then the next, and so on; then play alternates. With `(moves ...)` the phase has its own moves instead of the pieces'.",
        example: "(phase \"opening\" 4 (forbid (in (to) (half Opponent))) prompt:\"opening moves: stay in your own half\")",
    },
    Ludeme {
        name: "moves",
        cat: Cat::PhaseMoves,
        params: &[
            pos("piece", Ty::PieceName, Arity::One, "the kind of piece"),
            pos("rules", Ty::Of(&[Cat::Move]), Arity::Rest, "its moves during the phase"),
        ],
        doc: "In a phase: moves a kind of piece may make during it (only these moves are played in the phase).",
        example: "(moves \"Pawn\" (slide Forward min:2 max:2 to:Empty from:(ownRank 2)))",
    },
    Ludeme {
        name: "end",
        cat: Cat::End,
        params: &[pos("rules", Ty::Of(&[Cat::EndRule]), Arity::List, "end rules, judged in order; the first that holds ends the game")],
        doc: "How the game ends. The rules are judged before each turn, `Next` being the player to move and `Mover` the one who moved last.",
        example: "(end {(if (noMoves Next) (loss Next \"stalemate\"))})",
    },
    Ludeme {
        name: "if",
        cat: Cat::EndRule,
        params: &[
            pos("cond", COND, Arity::One, "when the game ends"),
            pos("result", Ty::Of(&[Cat::Outcome]), Arity::One, "how it ends"),
        ],
        doc: "The game ends with `result` when `cond` holds.",
        example: "(if (noMoves Next) (loss Next \"stalemate\"))",
    },
    Ludeme {
        name: "win",
        cat: Cat::Outcome,
        params: &[
            pos("player", Ty::Player, Arity::One, "the winner"),
            pos("kind", Ty::Str, Arity::One, "the kind of ending, as the result names it"),
            key("worth", Ty::Const(&WORTH), "`Win` (the default) or `HalfWin`"),
            key("rank", Ty::Int, "where the game ranks this kind of win (higher is better)"),
        ],
        doc: "The player wins; the others lose.",
        example: "(win Mover \"checkmate\")",
    },
    Ludeme {
        name: "byScore",
        cat: Cat::Outcome,
        params: &[
            pos("score", Ty::Int, Arity::One, "each player's score, the number judged with that player as `Mover`"),
            pos("kind", Ty::Str, Arity::One, "the kind of ending, as the result names it"),
        ],
        doc: "The player with the higher score wins; equal scores are a draw.",
        example: "(byScore (count Mover) \"most discs\")",
    },
    Ludeme {
        name: "loss",
        cat: Cat::Outcome,
        params: &[
            pos("player", Ty::Player, Arity::One, "the loser"),
            pos("kind", Ty::Str, Arity::One, "the kind of ending"),
            key("worth", Ty::Const(&WORTH), "what the win is worth to the other player: `Win` (the default) or `HalfWin`"),
            key("rank", Ty::Int, "where the game ranks this kind of win (higher is better)"),
        ],
        doc: "The player loses; the other wins.",
        example: "(loss Next \"checkmate\")",
    },
    Ludeme {
        name: "draw",
        cat: Cat::Outcome,
        params: &[pos("kind", Ty::Str, Arity::One, "the kind of ending")],
        doc: "Nobody wins.",
        example: "(draw \"repetition\")",
    },
    // ---------------------------------------------------------- conditions
    Ludeme {
        name: "and",
        cat: Cat::Cond,
        params: &[pos("conds", COND, Arity::Rest, "the conditions")],
        doc: "True when every condition is.",
        example: "(and (noMoves Next) (inCheck Next))",
    },
    Ludeme {
        name: "or",
        cat: Cat::Cond,
        params: &[pos("conds", COND, Arity::Rest, "the conditions")],
        doc: "True when any condition is.",
        example: "(or (repeated 3) (>= (pliesSince {Capture}) 100))",
    },
    Ludeme {
        name: "not",
        cat: Cat::Cond,
        params: &[pos("cond", COND, Arity::One, "the condition")],
        doc: "True when the condition is false.",
        example: "(not (inCheck Next))",
    },
    Ludeme {
        name: "inCheck",
        cat: Cat::Cond,
        params: &[pos("player", Ty::Player, Arity::One, "whose royal pieces")],
        doc: "A royal piece of the player is attacked: some enemy piece could capture it by a move of its own.",
        example: "(inCheck Mover)",
    },
    Ludeme {
        name: "is",
        cat: Cat::Cond,
        params: &[
            pos("player", Ty::Player, Arity::One, "one player"),
            pos("other", Ty::Player, Arity::One, "another way of naming a player"),
        ],
        doc: "The two name the same player. In a restriction, `(is Next Opponent)` holds when the turn passes to the opponent, not in a run of moves by the mover.",
        example: "(is Next Opponent)",
    },
    Ludeme {
        name: "noMoves",
        cat: Cat::Cond,
        params: &[
            pos("player", Ty::Player, Arity::One, "whose moves"),
            key("stuckMoves", Ty::Bool, "`False`: moves offered only when stuck (`whenStuck`) do not count"),
        ],
        doc: "The player, if it were their turn, would have no legal move.",
        example: "(noMoves Next)",
    },
    Ludeme {
        name: "repeated",
        cat: Cat::Cond,
        params: &[pos("times", Ty::Int, Arity::One, "how many times (2 or more)")],
        doc: "The position (board, player to move and phase) has now occurred this many times in the game.",
        example: "(repeated 3)",
    },
    Ludeme {
        name: "perpetualCheck",
        cat: Cat::Cond,
        params: &[pos("times", Ty::Int, Arity::One, "how many times the position has occurred (2 or more)")],
        doc: "The position has now occurred this many times, and every move of the player who moved last, since its first occurrence, gave check.",
        example: "(perpetualCheck 3)",
    },
    Ludeme {
        name: "unmoved",
        cat: Cat::Cond,
        params: &[pos("square", Ty::Square, Arity::One, "the square")],
        doc: "The square holds a piece that has never moved.",
        example: "(unmoved (adjacent Backward))",
    },
    Ludeme {
        name: "atStart",
        cat: Cat::Cond,
        params: &[pos("square", Ty::Square, Arity::One, "the square")],
        doc: "The square holds the very piece that stood on it at the start (it may have moved away and back).",
        example: "(atStart (adjacent Backward))",
    },
    Ludeme {
        name: "flagged",
        cat: Cat::Cond,
        params: &[
            pos("name", Ty::Str, Arity::One, "the flag"),
            pos("square", Ty::Square, Arity::Opt, "whose piece (the moving piece, `(from)`, if absent)"),
        ],
        doc: "The piece carries the flag (set by `(flag ...)`).",
        example: "(flagged \"leapt\")",
    },
    Ludeme {
        name: "remembers",
        cat: Cat::Cond,
        params: &[
            pos("player", Ty::Player, Arity::One, "about whom"),
            pos("name", Ty::Str, Arity::One, "the fact (see `remember`)"),
        ],
        doc: "The remembered fact holds for the player.",
        example: "(remembers Mover \"been in check\")",
    },
    Ludeme {
        name: "lost",
        cat: Cat::Cond,
        params: &[
            pos("player", Ty::Player, Arity::One, "whose pieces"),
            pos("piece", Ty::PieceName, Arity::One, "the kind"),
        ],
        doc: "The player has fewer pieces of the kind than at the start.",
        example: "(lost Mover \"Rook\")",
    },
    Ludeme {
        name: "lostCouldReach",
        cat: Cat::Cond,
        params: &[],
        doc: "In a promotion: the mover has fewer pieces of the kind offered than at the start, and has lost one that could have reached the promotion square (a camel bound to one colour of squares, say).",
        example: "(lostCouldReach)",
    },
    Ludeme {
        name: "removing",
        cat: Cat::Cond,
        params: &[],
        doc: "In a move or restriction: the move is a removal (`remove`), which takes a piece off without moving one.",
        example: "(not (removing))",
    },
    Ludeme {
        name: "kindIs",
        cat: Cat::Cond,
        params: &[pos("piece", Ty::PieceName, Arity::One, "the kind")],
        doc: "In a promotion: the kind offered is this one.",
        example: "(kindIs \"Horse\")",
    },
    Ludeme {
        name: "capturing",
        cat: Cat::Cond,
        params: &[],
        doc: "The move just made took a piece. With `(forbid (not (capturing)) unlessAll:True)`, capturing is compulsory.",
        example: "(capturing)",
    },
    Ludeme {
        name: "absent",
        cat: Cat::Cond,
        params: &[pos("square", Ty::Square, Arity::One, "the square where the piece started")],
        doc: "The mover's piece that started on the square is no longer on the board.",
        example: "(absent (homeOf (to)))",
    },
    Ludeme {
        name: "in",
        cat: Cat::Cond,
        params: &[
            pos("square", Ty::Square, Arity::One, "the square"),
            pos("sites", Ty::Sites, Arity::One, "the set (for the mover)"),
        ],
        doc: "The square is in the set.",
        example: "(in (to) (half Opponent))",
    },
    Ludeme {
        name: "attacked",
        cat: Cat::Cond,
        params: &[
            pos("square", Ty::Square, Arity::One, "the square"),
            key("by", Ty::Player, "whose pieces (the mover's opponent if absent)"),
        ],
        doc: "A piece of the player could capture on the square by one of its moves.",
        example: "(attacked (to) by:Opponent)",
    },
    Ludeme {
        name: "checks",
        cat: Cat::Cond,
        params: &[pos("square", Ty::Square, Arity::One, "the square")],
        doc: "The piece on the square attacks a royal piece of its opponent.",
        example: "(checks (to))",
    },
    Ludeme {
        name: "checkedBy",
        cat: Cat::Cond,
        params: &[
            pos("player", Ty::Player, Arity::One, "whose royal piece"),
            pos("piece", Ty::PieceName, Arity::One, "the kind giving check"),
        ],
        doc: "A royal piece of the player is attacked by a piece of this kind.",
        example: "(checkedBy Next \"Pawn\")",
    },
    Ludeme {
        name: "holds",
        cat: Cat::Cond,
        params: &[
            pos("square", Ty::Square, Arity::One, "the square"),
            pos("piece", Ty::PieceName, Arity::One, "the kind"),
            key("owner", Ty::Player, "only a piece of this player (either player's if absent)"),
        ],
        doc: "The square holds a piece of this kind (of the player given by `owner:`, or of either player). In a move, `(holds (to) \"King\")` lets a piece capture only that kind.",
        example: "(holds (to) \"King\")",
    },
    Ludeme {
        name: "inARow",
        cat: Cat::Cond,
        params: &[
            pos("player", Ty::Player, Arity::One, "whose pieces"),
            pos("length", Ty::Int, Arity::One, "how many in a row"),
            key("exact", Ty::Bool, "`True`: exactly this many, a line not part of a longer one"),
        ],
        doc: "The player has at least this many pieces next to each other in a line: along a rank, a file or a diagonal. With `exact:True`, a line of exactly this many (six in a row is not five).",
        example: "(inARow Mover 5 exact:True)",
    },
    Ludeme {
        name: "reached",
        cat: Cat::Cond,
        params: &[
            pos("player", Ty::Player, Arity::One, "whose pieces"),
            pos("sites", Ty::Sites, Arity::One, "the squares, for that player (`(lastRank)` is the player's far rank)"),
            key("piece", Ty::PieceName, "only a piece of this kind"),
        ],
        doc: "A piece of the player stands on one of the squares.",
        example: "(reached Mover (lastRank))",
    },
    Ludeme {
        name: "inLine",
        cat: Cat::Cond,
        params: &[pos("square", Ty::Square, Arity::One, "the square")],
        doc: "The piece on the square belongs to a line of the board (`(board ... lines:...)`) whose every point holds a piece of the same player: a mill. After a move, `(inLine (to))` asks whether the move closed one; in a removal, whether the piece taken stands in one.",
        example: "(inLine (to))",
    },
    Ludeme {
        name: "exists",
        cat: Cat::Cond,
        params: &[pos("squares", PATTERN, Arity::One, "the pattern around the move")],
        doc: "In a move: the pattern around the move selects at least one square (a disc may go only where it turns some over: `(drop \"Disc\" (everywhere) if:(exists (bracketed All)))`).",
        example: "(exists (bracketed All))",
    },
    Ludeme {
        name: "passes",
        cat: Cat::Cond,
        params: &[pos("times", Ty::Int, Arity::One, "how many passes in a row")],
        doc: "The last this many moves were all passes (`(pass)`).",
        example: "(passes 2)",
    },
    Ludeme {
        name: "material",
        cat: Cat::Cond,
        params: &[
            pos("player", Ty::Player, Arity::One, "whose pieces"),
            pos("pieces", Ty::PieceName, Arity::List, "the pieces, a name once for each piece (`{\"King\" \"Knight\" \"Knight\"}`)"),
        ],
        doc: "The player's pieces on the board are exactly these, no more and no fewer.",
        example: "(material Next {\"King\" \"Horse\"})",
    },
    Ludeme {
        name: "sameShade",
        cat: Cat::Cond,
        params: &[pos("piece", Ty::PieceName, Arity::One, "the kind")],
        doc: "Every piece of the kind on the board, of either player, stands on squares of one shade, as a chequered board colours them (a1 and b2 one shade, b1 and a2 the other); true if there are none.",
        example: "(sameShade \"Counsellor\")",
    },
    cmp!("=", "True when the numbers are equal.", "(= (count Mover) 1)"),
    cmp!("!=", "True when the numbers differ.", "(!= (count Next \"Pawn\") 0)"),
    cmp!("<", "True when the first number is smaller.", "(< (count Next) 3)"),
    cmp!("<=", "True when the first number is not larger.", "(<= (count Next) 2)"),
    cmp!(">", "True when the first number is larger.", "(> (count Mover) (count Next))"),
    cmp!(">=", "True when the first number is not smaller.", "(>= (pliesSince {Capture}) 100)"),
    // ------------------------------------------------------------- numbers
    Ludeme {
        name: "count",
        cat: Cat::Int,
        params: &[
            pos("player", Ty::Player, Arity::One, "whose pieces"),
            pos("piece", Ty::PieceName, Arity::Opt, "only pieces of this kind"),
            key("in", Ty::Sites, "only pieces on these squares (for that player: `(lastRank)` is the player's far rank)"),
        ],
        doc: "How many pieces the player has on the board (of one kind, if given; on some squares, if given).",
        example: "(count Mover \"Pawn\" in:(half Opponent))",
    },
    Ludeme {
        name: "inHand",
        cat: Cat::Int,
        params: &[
            pos("player", Ty::Player, Arity::One, "whose pieces"),
            pos("piece", Ty::PieceName, Arity::Opt, "only pieces of this kind"),
        ],
        doc: "How many pieces the player holds in hand, off the board (of one kind, if given).",
        example: "(inHand Mover \"Pawn\")",
    },
    Ludeme {
        name: "pliesSince",
        cat: Cat::Int,
        params: &[pos("events", Ty::Event, Arity::List, "what resets the count: `Capture`, `Promotion`, `(moved \"Pawn\")`")],
        doc: "Moves (plies) played since the last move with one of the events (or since the start).",
        example: "(pliesSince {Capture (moved \"Pawn\")})",
    },
    Ludeme {
        name: "moved",
        cat: Cat::Event,
        params: &[pos("piece", Ty::PieceName, Arity::One, "the kind of piece")],
        doc: "A move of a piece of this kind.",
        example: "(moved \"Pawn\")",
    },
];

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
            Some("(slide {<dirs>...} [to:Target] [max:Int] [min:Int] [if:Cond] [from:Sites] [then:{Effect...}] [whenStuck:Bool] [stay:Bool] [put:PieceName] [avoid:Sites])")
        );
    }
}
