//! The problems the compiler's checks find: forms, arguments, names, squares, pieces, rules.

problems! {
    /// The file has no `(game ...)` form, or more than one.
    GameForm [lud::compile::game_form] {
        message: "{found}",
        label: "here",
        fields: { found: String },
    }
    /// Something at the top level that is neither `(define ...)` nor `(game ...)`.
    StrayTopLevel [lud::compile::stray_top_level] {
        message: "{found} cannot stand at the top level",
        label: "outside `(game ...)`",
        fields: { found: String },
    }
    /// A form written as Ludii writes it (`(no Moves Next)`, `(is Line 5)`),
    /// whose ludeme has another name here.
    LudiiForm [lud::compile::ludii_form] {
        message: "`({phrase} ...)` is how Ludii writes it; {says}",
        label: "Ludii's phrase",
        fields: { phrase: String, says: String },
    }
    /// A form whose head is no ludeme of the catalogue.
    UnknownLudeme [lud::compile::unknown_ludeme] {
        message: "unknown ludeme `{name}`",
        label: "`{name}` is not in the ludeme catalogue",
        fields: { name: String },
    }
    /// A ludeme used without an argument it needs.
    MissingArgument [lud::compile::missing_argument] {
        message: "`({ludeme} ...)` needs {what}",
        label: "{what} missing here",
        fields: { ludeme: String, what: String },
    }
    /// More arguments than the ludeme takes.
    ExtraArgument [lud::compile::extra_argument] {
        message: "`({ludeme} ...)` takes no further argument",
        label: "{found} is one argument too many",
        fields: { ludeme: String, found: String },
    }
    /// An argument of the wrong kind.
    WrongType [lud::compile::wrong_type] {
        message: "expected {expected}, found {found}",
        label: "this is {found}",
        fields: { expected: String, found: String },
    }
    /// A `key:` the ludeme does not have.
    UnknownNamedArgument [lud::compile::unknown_named_argument] {
        message: "`({ludeme} ...)` has no argument `{key}:`",
        label: "unknown argument name",
        fields: { ludeme: String, key: String },
    }
    /// The same `key:` twice.
    DuplicateNamedArgument [lud::compile::duplicate_named_argument] {
        message: "`{key}:` is given twice",
        label: "second `{key}:`",
        fields: { key: String },
    }
    /// An identifier that is not one of the constants the argument takes.
    UnknownConstant [lud::compile::unknown_constant] {
        message: "`{found}` is not {expected}",
        label: "unknown {what}",
        fields: { found: String, expected: String, what: String },
    }
    /// A piece name that no `(piece ...)` defines.
    UndefinedPiece [lud::compile::undefined_piece] {
        message: "no piece named \"{name}\"",
        label: "not defined by any `(piece ...)`",
        fields: { name: String },
    }
    /// A player name that no `(player ...)` defines.
    UndefinedPlayer [lud::compile::undefined_player] {
        message: "no player named `{name}`",
        label: "not a player of this game",
        fields: { name: String },
    }
    /// A region name that no `(region ...)` defines.
    UndefinedRegion [lud::compile::undefined_region] {
        message: "no region named \"{name}\"",
        label: "not defined by any `(region ...)`",
        fields: { name: String },
    }
    /// Two definitions of one name (piece, player, region, counter).
    DuplicateDefinition [lud::compile::duplicate_definition] {
        message: "the {what} \"{name}\" is defined twice",
        label: "second definition",
        fields: { what: String, name: String },
    }
    /// Two pieces with one letter.
    DuplicateLetter [lud::compile::duplicate_letter] {
        message: "the letter \"{letter}\" is used by two pieces",
        label: "second use",
        fields: { letter: String },
    }
    /// A piece letter that is not a single ASCII letter.
    BadLetter [lud::compile::bad_letter] {
        message: "a piece letter must be one ASCII letter, not \"{found}\"",
        label: "not a single letter",
        fields: { found: String },
    }
    /// A square name that is not on the board.
    BadSquare [lud::compile::bad_square] {
        message: "`{found}` is not a square of this {width}×{height} board",
        label: "no such square",
        fields: { found: String, width: u32, height: u32 },
    }
    /// A square name that names a hole of the board.
    OnHole [lud::compile::on_hole] {
        message: "`{found}` is a hole of this board: no piece stands there and no move goes there",
        label: "a hole",
        fields: { found: String },
    }
    /// A square given two pieces in the start position.
    SquareTaken [lud::compile::square_taken] {
        message: "the start position puts two pieces on {square}",
        label: "second piece on {square}",
        fields: { square: String },
    }
    /// A number outside what the argument allows.
    OutOfRange [lud::compile::out_of_range] {
        message: "{found} is out of range: {expected}",
        label: "out of range",
        fields: { found: String, expected: String },
    }
    /// A Betza notation that cannot be read, or whose moves cannot be played.
    BadBetza [lud::compile::bad_betza] {
        message: "{message}",
        label: "{label}",
        fields: { message: String, label: String },
    }
    /// A move defined on squares (a leap, a Betza notation) on a board of
    /// hexagons.
    NotOnHexes [lud::compile::not_on_hexes] {
        message: "{what} is defined on a board of squares, and this board has hexagons",
        label: "on hexagons",
        fields: { what: String },
    }
    /// A move of the player (`drop`, `remove`) written inside a piece.
    PlayerMoveInPiece [lud::compile::player_move_in_piece] {
        message: "`{name}` is a move of the player, not of a piece",
        label: "inside the piece {piece}",
        fields: { name: String, piece: String },
    }
    /// A square of the move (`(to)`, `(from)`, ...), or a test of the move
    /// (`(removing)`, `(kindIs ...)`), where there is no move.
    NoMoveHere [lud::compile::no_move_here] {
        message: "`({name})` {what}, and {place} has no move",
        label: "no move here",
        fields: { name: String, what: String, place: String },
    }
    /// A square named from where a piece moves (`(from)`, `(adjacent ...)`,
    /// `(origin)`) in a move that moves no piece: a drop, a removal, a pass.
    NoStartSquare [lud::compile::no_start_square] {
        message: "`({name})` names a square of the piece that moves, and a {rule} moves no piece",
        label: "no piece moves here",
        fields: { name: String, rule: String },
    }
    /// A section the game needs is missing.
    MissingSection [lud::compile::missing_section] {
        message: "the game has no `({section} ...)`",
        label: "this game",
        fields: { section: String },
    }
    /// A section given twice.
    DuplicateSection [lud::compile::duplicate_section] {
        message: "`({section} ...)` is given twice",
        label: "second `({section} ...)`",
        fields: { section: String },
    }
    /// Check is asked about, but no piece is royal.
    NoRoyal [lud::compile::no_royal] {
        message: "`(inCheck ...)` needs a royal piece, and no piece is royal",
        label: "check is used here",
        fields: {},
    }
    /// A player ludeme used where no such player is meaningful.
    BadPlayers [lud::compile::bad_players] {
        message: "{reason}",
        label: "here",
        fields: { reason: String },
    }
    /// A condition that, to be judged, needs itself judged again: it asks
    /// about attacks, check or a player's moves, and working that out judges
    /// it once more.
    RecursiveCondition [lud::compile::recursive_condition] {
        message: "the condition of `{rule}` cannot be judged: {chain}",
        label: "this condition would need itself to be judged",
        fields: { rule: String, chain: String },
    }
    /// An empty list `{}` where the list says which directions or pieces
    /// a rule concerns (a rule with none would never do anything).
    EmptyList [lud::compile::empty_list] {
        message: "{what} is an empty list: {means}",
        label: "names nothing",
        fields: { what: String, means: String },
    }
    /// More pieces, players, flags or counters than the interpreter holds.
    TooMany [lud::compile::too_many] {
        message: "too many {what}: {found} (at most {limit})",
        label: "one too many",
        fields: { what: String, found: usize, limit: usize },
    }
}
