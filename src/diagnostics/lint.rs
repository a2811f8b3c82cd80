//! The warnings: legal but likely wrong.

problems! {
    // Legal but likely wrong: warnings.
    /// A macro that is defined but never used.
    UnusedDefine [lud::lint::unused_define] severity(Warning) {
        message: "the macro \"{name}\" is never used",
        label: "defined here, used nowhere",
        fields: { name: String },
    }
    /// A region that is defined but never used.
    UnusedRegion [lud::lint::unused_region] severity(Warning) {
        message: "the region \"{name}\" is never used",
        label: "defined here, used nowhere",
        fields: { name: String },
    }
    /// A piece with no way to move.
    PieceNeverMoves [lud::lint::piece_never_moves] severity(Warning) {
        message: "the {piece} can never move",
        label: "{reason}",
        fields: { piece: String, reason: String },
    }
    /// A piece that is not placed at the start and that no promotion makes.
    PieceNeverAppears [lud::lint::piece_never_appears] severity(Warning) {
        message: "the {piece} never comes onto the board",
        label: "not placed by `(start ...)`, and no promotion makes one",
        fields: { piece: String },
    }
    /// A move or promotion rule that can never apply.
    UnreachableRule [lud::lint::unreachable_rule] severity(Warning) {
        message: "this rule of the {piece} can never apply",
        label: "{reason}",
        fields: { piece: String, reason: String },
    }
    /// A move rule of a piece every move of which an earlier rule of the
    /// piece makes too, doing the same: it never makes a move of its own.
    RuleAddsNothing [lud::lint::rule_adds_nothing] severity(Warning) {
        message: "this rule of the {piece} adds no move",
        label: "every move it makes, `{earlier}` makes too, doing the same",
        fields: { piece: String, earlier: String },
    }
    /// An option value that nothing in the file reads.
    UnusedOptionValue [lud::lint::unused_option_value] severity(Warning) {
        message: "the value {value} of the option \"{option}\" is never read",
        label: "no ruleset sets it and no `(when ...)` tests it",
        fields: { value: String, option: String },
    }
    /// A game with no end rule.
    NeverEnds [lud::lint::never_ends] severity(Warning) {
        message: "the game has no end rule",
        label: "no rule here ends the game",
        fields: {},
    }
    /// A game over before its first move: an end rule holds at the start,
    /// or the first player has no legal move there.
    OverAtStart [lud::lint::over_at_start] severity(Warning) {
        message: "the game is over before its first move: {why}",
        label: "{label}",
        fields: { why: String, label: String },
    }
    /// A comparison of two numbers written out: decided before the game
    /// begins, the same in every position.
    FixedComparison [lud::lint::fixed_comparison] severity(Warning) {
        message: "this comparison is always {value}",
        label: "`{text}` compares two fixed numbers",
        fields: { value: String, text: String },
    }
    /// An end rule whose condition an earlier end rule already tests: the
    /// earlier one ends the game first, so this one never does.
    EndNeverReached [lud::lint::end_never_reached] severity(Warning) {
        message: "this end rule never ends the game",
        label: "the end rule `{earlier}` comes first and holds wherever this one holds",
        fields: { earlier: String },
    }
    /// A start position in which a king is attacked.
    StartInCheck [lud::lint::start_in_check] severity(Warning) {
        message: "at the start, {player}'s {piece} on {square} is in check",
        label: "this placement",
        fields: { player: String, piece: String, square: String },
    }
    /// A move of the game's opening (`(info opening:...)`) that is not
    /// legal where it stands, or a bracket out of place: the computer
    /// follows the opening no further.
    OpeningNotPlayable [lud::lint::opening_not_playable] severity(Warning) {
        message: "{at} of the opening, {text}, cannot be played: {reason}",
        label: "this move",
        fields: { at: String, text: String, reason: String },
    }
}
