//! The problems of the syntax: brackets, strings, comments, tokens.

problems! {
    /// An opening bracket with no closing one.
    Unclosed [lud::syntax::unclosed] {
        message: "`{open}` is never closed",
        label: "this `{open}` has no matching `{close}`",
        fields: { open: char, close: char },
    }
    /// A closing bracket with no opening one.
    UnexpectedClose [lud::syntax::unexpected_close] {
        message: "unmatched `{close}`",
        label: "this `{close}` has no `{open}` to close",
        fields: { open: char, close: char },
    }
    /// A bracket closed by the other kind of bracket.
    MismatchedBracket [lud::syntax::mismatched_bracket] {
        message: "`{open}` is closed by `{close}`",
        label: "expected `{expected}` here",
        fields: { open: char, close: char, expected: char },
    }
    /// Brackets nested deeper than a game file may nest them.
    TooDeep [lud::syntax::too_deep] {
        message: "the brackets nest more than {limit} levels deep",
        label: "this bracket opens level {level}",
        fields: { limit: usize, level: usize },
    }
    /// A string with no closing quote on its line.
    UnterminatedString [lud::syntax::unterminated_string] {
        message: "this string is not closed",
        label: "the string starts here and runs to the end of the line",
        fields: {},
    }
    /// A `/*` comment with no `*/`.
    UnterminatedComment [lud::syntax::unterminated_comment] {
        message: "this comment is not closed",
        label: "`/*` with no `*/` after it",
        fields: {},
    }
    /// A backslash sequence a string cannot hold.
    InvalidEscape [lud::syntax::invalid_escape] {
        message: "unknown escape `{found}` in a string",
        label: "not an escape",
        fields: { found: String },
    }
    /// A character or word that is no part of the language.
    InvalidToken [lud::syntax::invalid_token] {
        message: "unexpected {found}",
        label: "{found} cannot appear here",
        fields: { found: String },
    }
    /// `()` with nothing inside.
    EmptyForm [lud::syntax::empty_form] {
        message: "empty form `()`",
        label: "a form needs a ludeme name after `(`",
        fields: {},
    }
    /// A form whose first item is not a ludeme name.
    BadHead [lud::syntax::bad_head] {
        message: "a form must start with a ludeme name, not {found}",
        label: "expected a ludeme name here",
        fields: { found: String },
    }
    /// `key: value` with a space after the colon, or a colon alone.
    StrayColon [lud::syntax::stray_colon] {
        message: "a `:` must join a name to its value with no space",
        label: "this `:` stands alone",
        fields: {},
    }
    /// A number too large to hold.
    NumberTooLarge [lud::syntax::number_too_large] {
        message: "the number {found} is too large",
        label: "too large",
        fields: { found: String },
    }
    /// A `key:value` pair outside a form.
    NamedOutsideForm [lud::syntax::named_outside_form] {
        message: "`{key}:` is a named argument outside any ludeme",
        label: "a named argument must be inside `( ... )`",
        fields: { key: String },
    }
}
