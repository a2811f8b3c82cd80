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
        Ty::Player => "a player (`Mover`, `Next` or a player's name)".into(),
        Ty::PieceName => "a piece name in quotes, such as \"Rook\"".into(),
        Ty::Sites => "squares (`a1`, `{a1 h1}`, a region's name or `(rank 2)`)".into(),
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
pub const TARGETS: &[&str] = &["Empty", "Enemy", "NotFriend"];

/// Events a `(pliesSince ...)` counter can be reset by.
pub const EVENTS: &[&str] = &["Capture", "Promotion"];

/// The two truth values.
pub const BOOLS: &[&str] = &["True", "False"];

/// The player words usable wherever a player is expected.
pub const PLAYER_WORDS: &[&str] = &["Mover", "Next"];

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
    "what the destination may hold: `Empty` (move only), `Enemy` (capture only) or `NotFriend` (either; the default)",
);
const COND: Ty = Ty::Of(&[Cat::Cond]);

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
                Ty::Of(&[Cat::Info, Cat::Players, Cat::Equipment, Cat::Rules]),
                Arity::Rest,
                "`info`, `players`, `equipment` and `rules`, each once",
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
        ],
        doc: "The board: its shape and any marked squares. Squares are named a1, b1, ... from the first player's left.",
        example: "(board (square 8) marked:{a1 d1 e1 h1})",
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
        params: &[pos("dirs", DIRS, Arity::List, "the directions"), TARGET],
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
        ],
        doc: "Jump to the squares `across` one way and `ahead` the other, in all eight orientations, over anything between.",
        example: "(leap 1 2)",
    },
    Ludeme {
        name: "promote",
        cat: Cat::Promote,
        params: &[
            pos("at", Ty::Sites, Arity::One, "where the piece promotes, for the player who owns it"),
            pos("to", Ty::PieceName, Arity::List, "what it may become; the player chooses if there are several"),
        ],
        doc: "A piece that ends a move in `at` must become one of `to`.",
        example: "(promote (lastRank) \"Counsellor\")",
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
        doc: "The rank farthest forward for the player concerned (rank 8 for White, 1 for Black).",
        example: "(lastRank)",
    },
    Ludeme {
        name: "firstRank",
        cat: Cat::Sites,
        params: &[],
        doc: "The rank farthest back for the player concerned (rank 1 for White, 8 for Black).",
        example: "(firstRank)",
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
        name: "play",
        cat: Cat::Play,
        params: &[pos("rules", Ty::Of(&[Cat::Forbid]), Arity::Rest, "restrictions on moves")],
        doc: "How turns are played: the players move in turn; each restriction removes moves.",
        example: "(play (forbid (inCheck Mover)))",
    },
    Ludeme {
        name: "forbid",
        cat: Cat::Forbid,
        params: &[
            pos("cond", COND, Arity::One, "judged in the position after the move, where `Mover` is the player who moved"),
            key("reason", Ty::Str, "how a refused move is explained"),
        ],
        doc: "A move after which the condition holds is illegal.",
        example: "(forbid (inCheck Mover) reason:\"it would leave your king in check\")",
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
        ],
        doc: "The player wins; the others lose.",
        example: "(win Mover \"checkmate\")",
    },
    Ludeme {
        name: "loss",
        cat: Cat::Outcome,
        params: &[
            pos("player", Ty::Player, Arity::One, "the loser"),
            pos("kind", Ty::Str, Arity::One, "the kind of ending"),
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
        name: "noMoves",
        cat: Cat::Cond,
        params: &[pos("player", Ty::Player, Arity::One, "whose moves")],
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
        ],
        doc: "How many pieces the player has on the board (of one kind, if given).",
        example: "(count Mover \"Pawn\")",
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
    LUDEMES.iter().find(|l| l.name == name)
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
            Some("(slide {<dirs>...} [to:Target] [max:Int])")
        );
    }
}
