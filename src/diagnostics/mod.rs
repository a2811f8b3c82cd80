//! Every problem `lud` reports about a game file, one type per problem.
//!
//! Each problem has a stable code (`lud::compile::unknown_ludeme`), a label on
//! the exact span naming what was found, and a help line saying what to do.
//! Problems are collected into [`Diagnostics`], which renders them all.
//!
//! ```text
//! Error: lud::compile::unknown_ludeme
//!
//!   × unknown ludeme `slyde`
//!    ╭─[games/x.lud:4:28]
//!  4 │     (piece "Rook" "R" (slyde Orthogonal))
//!    ·                        ──┬──
//!    ·                          ╰── `slyde` is not in the ludeme catalogue
//!    ╰────
//!   help: did you mean `slide`?
//! ```

use std::fmt::Write as _;
use std::sync::Arc;

use miette::{
    Diagnostic, GraphicalReportHandler, GraphicalTheme, LabeledSpan, Severity, SourceSpan,
};

use crate::source::{SourceFile, Span};
use crate::syntax::ast::Origin;

macro_rules! problems {
    ($(
        $(#[doc = $doc:literal])+
        $name:ident [$($code:ident)::+] $(severity($sev:ident))? {
            message: $msg:literal,
            label: $label:literal,
            $(fields: { $($f:ident : $t:ty),* $(,)? },)?
        }
    )*) => {
        $(
            $(#[doc = $doc])+
            #[derive(Debug, Clone, thiserror::Error, Diagnostic)]
            #[error($msg)]
            #[diagnostic(code($($code)::+) $(, severity($sev))?)]
            pub struct $name {
                $($(
                    #[doc = "A detail named in the message or label."]
                    pub $f: $t,
                )*)?
                /// The exact text the problem is about.
                #[label($label)]
                pub span: SourceSpan,
                /// What to do about it.
                #[help]
                pub help: Option<String>,
                /// Further places: the macro use that produced the text, the first definition, ...
                #[label(collection)]
                pub notes: Vec<LabeledSpan>,
            }

            impl $name {
                /// The problem at `span`, with no help and no notes yet.
                #[allow(clippy::new_ret_no_self, clippy::too_many_arguments)]
                pub fn new(span: Span $($(, $f: impl Into<$t>)*)?) -> Problem {
                    Problem::$name(Box::new($name {
                        $($($f: $f.into(),)*)?
                        span: span.into(),
                        help: None,
                        notes: Vec::new(),
                    }))
                }
            }
        )*

        /// Any one problem. Each variant wraps the type of that problem.
        #[derive(Debug, Clone, thiserror::Error, Diagnostic)]
        pub enum Problem {
            $(
                $(#[doc = $doc])+
                #[error(transparent)]
                #[diagnostic(transparent)]
                $name(Box<$name>),
            )*
        }

        impl Problem {
            fn parts_mut(&mut self) -> (&mut Option<String>, &mut Vec<LabeledSpan>) {
                match self {
                    $(Problem::$name(p) => (&mut p.help, &mut p.notes),)*
                }
            }

            /// The help line, if any.
            pub fn help_text(&self) -> Option<&str> {
                match self {
                    $(Problem::$name(p) => p.help.as_deref(),)*
                }
            }

            /// The primary span, as a byte offset and length.
            pub fn primary(&self) -> SourceSpan {
                match self {
                    $(Problem::$name(p) => p.span,)*
                }
            }

            /// Every stable code, in declaration order (used by the docs and tests).
            pub const CODES: &'static [&'static str] = &[$(stringify!($($code)::+),)*];
        }
    };
}

problems! {
    // ---------------------------------------------------------------- input
    /// The file is larger than `lud` reads.
    TooLarge [lud::input::too_large] {
        message: "the file is {size} bytes, more than the {limit} bytes a game file may have",
        label: "the file starts here",
        fields: { size: usize, limit: usize },
    }
    /// The file is not UTF-8 text (a binary file, or a text in another encoding).
    NotText [lud::input::not_text] {
        message: "the file is not UTF-8 text",
        label: "{what}",
        fields: { what: String },
    }

    // --------------------------------------------------------------- syntax
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

    // --------------------------------------------------------------- define
    /// A macro use `("Name" ...)` whose macro is not defined.
    UnknownMacro [lud::define::unknown_macro] {
        message: "no macro named \"{name}\"",
        label: "used here, but never defined with `(define \"{name}\" ...)`",
        fields: { name: String },
    }
    /// A macro defined twice.
    DuplicateMacro [lud::define::duplicate_macro] {
        message: "the macro \"{name}\" is defined twice",
        label: "second definition",
        fields: { name: String },
    }
    /// A macro body uses `#n` but the use gives fewer arguments.
    MacroMissingArgument [lud::define::missing_argument] {
        message: "the macro \"{name}\" uses #{index} but is given {given} argument(s)",
        label: "this use gives {given} argument(s)",
        fields: { name: String, index: u8, given: usize },
    }
    /// A macro use gives more arguments than the body uses.
    MacroExtraArgument [lud::define::extra_argument] {
        message: "the macro \"{name}\" takes {takes} argument(s) but is given {given}",
        label: "argument {given} is never used by the macro",
        fields: { name: String, takes: usize, given: usize },
    }
    /// A macro whose expansion uses itself.
    RecursiveMacro [lud::define::recursive] {
        message: "the macro \"{name}\" uses itself",
        label: "this use expands \"{name}\" again",
        fields: { name: String },
    }
    /// Macros used inside macros, deeper than the limit (not recursion).
    MacroChainTooLong [lud::define::chain_too_long] {
        message: "the macro \"{name}\" uses macros inside macros more than {limit} deep",
        label: "this use starts a chain of more than {limit} macros",
        fields: { name: String, limit: usize },
    }
    /// A macro whose expansion is larger than the limit.
    MacroTooLarge [lud::define::too_large] {
        message: "the macro \"{name}\" expands to more than {limit} nodes",
        label: "expanding this use passes the limit",
        fields: { name: String, limit: usize },
    }
    /// A macro whose expansion nests deeper than the limit.
    MacroTooDeep [lud::define::too_deep] {
        message: "the macro \"{name}\" expands to forms nested more than {limit} levels deep",
        label: "expanded here, this use nests too deep",
        fields: { name: String, limit: usize },
    }
    /// A `(define ...)` that is not `(define "Name" body)`.
    BadDefine [lud::define::bad_define] {
        message: "a define must be `(define \"Name\" body)`",
        label: "{found}",
        fields: { found: String },
    }
    /// `#n` outside a macro body.
    ParamOutsideDefine [lud::define::param_outside_define] {
        message: "the parameter #{index} is outside any `(define ...)`",
        label: "only a macro body can use #{index}",
        fields: { index: u8 },
    }

    // -------------------------------------------------------------- options
    /// An option name no `(option ...)` declares.
    UnknownOption [lud::options::unknown_option] {
        message: "no option named \"{name}\"",
        label: "not declared in `(options ...)`",
        fields: { name: String },
    }
    /// A value an option does not take.
    BadOptionValue [lud::options::bad_value] {
        message: "{found} is not a value of the option \"{option}\"",
        label: "not one of its values",
        fields: { found: String, option: String },
    }
    /// More configurations of a large file than `lud check` compiles.
    TooMuchToCheck [lud::options::too_much_to_check] {
        message: "checking this file under its {configs} configurations would compile {nodes} nodes each, more than {limit} in all",
        label: "these options and rulesets make {configs} different games",
        fields: { configs: usize, nodes: usize, limit: usize },
    }
    /// A `(when ...)` or `(optionValue ...)` that is not well formed.
    BadWhen [lud::options::bad_when] {
        message: "this option test is not well formed",
        label: "here",
        fields: {},
    }

    // -------------------------------------------------------------- compile
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
    /// More pieces, players, flags or counters than the interpreter holds.
    TooMany [lud::compile::too_many] {
        message: "too many {what}: {found} (at most {limit})",
        label: "one too many",
        fields: { what: String, found: usize, limit: usize },
    }

    // ---------------------------------------------------------------- lints
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
    /// A start position in which a king is attacked.
    StartInCheck [lud::lint::start_in_check] severity(Warning) {
        message: "at the start, {player}'s {piece} on {square} is in check",
        label: "this placement",
        fields: { player: String, piece: String, square: String },
    }
}

impl Problem {
    /// Adds a help line (replacing any).
    #[must_use]
    pub fn help(mut self, help: impl Into<String>) -> Self {
        *self.parts_mut().0 = Some(help.into());
        self
    }

    /// Adds a help line if there is one.
    #[must_use]
    pub fn maybe_help(self, help: Option<String>) -> Self {
        match help {
            Some(h) => self.help(h),
            None => self,
        }
    }

    /// Adds a secondary label.
    #[must_use]
    pub fn note(mut self, span: Span, text: impl Into<String>) -> Self {
        self.parts_mut()
            .1
            .push(LabeledSpan::new_with_span(Some(text.into()), span));
        self
    }

    /// Adds labels for the chain of macro uses that produced the text.
    #[must_use]
    pub fn origin(mut self, origin: Option<&Arc<Origin>>) -> Self {
        let mut cur = origin;
        while let Some(o) = cur {
            self = self.note(
                o.use_span,
                format!("in this use of the macro \"{}\"", o.name),
            );
            cur = o.parent.as_ref();
        }
        self
    }

    /// The stable code, `lud::compile::unknown_ludeme`.
    pub fn code_str(&self) -> String {
        self.code().map(|c| c.to_string()).unwrap_or_default()
    }

    /// Whether this is an error (not a warning).
    pub fn is_error(&self) -> bool {
        !matches!(self.severity(), Some(Severity::Warning | Severity::Advice))
    }
}

/// Every problem found in one file, with the file.
#[derive(Debug, Clone)]
pub struct Diagnostics {
    /// The file the problems are in.
    pub source: SourceFile,
    /// The problems, in the order of their position in the file.
    pub problems: Vec<Problem>,
}

/// How to render diagnostics.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Style {
    /// Unicode boxes, no colour: deterministic (snapshots, pipes).
    Plain,
    /// Colours for a terminal.
    Colour,
}

/// The most problems of one file that are shown (rendered as text or written
/// as JSON); past them, one line says how many more were found.
pub const MAX_SHOWN_PROBLEMS: usize = 100;

impl Diagnostics {
    /// A set of problems in `source`, sorted by position.
    pub fn new(source: SourceFile, mut problems: Vec<Problem>) -> Self {
        problems.sort_by_key(|p| p.primary().offset());
        Diagnostics { source, problems }
    }

    /// Whether any problem is an error.
    pub fn has_errors(&self) -> bool {
        self.problems.iter().any(Problem::is_error)
    }

    /// Number of errors.
    pub fn error_count(&self) -> usize {
        self.problems.iter().filter(|p| p.is_error()).count()
    }

    /// The problems shown: the first [`MAX_SHOWN_PROBLEMS`].
    fn shown(&self) -> &[Problem] {
        &self.problems[..self.problems.len().min(MAX_SHOWN_PROBLEMS)]
    }

    /// How many problems are not shown.
    pub fn not_shown(&self) -> usize {
        self.problems.len().saturating_sub(MAX_SHOWN_PROBLEMS)
    }

    /// Every problem rendered (the first [`MAX_SHOWN_PROBLEMS`], then a line
    /// saying how many more there are), one after the other, `width` columns
    /// wide. Each is rendered by [`render_diagnostic`]: safely, however long
    /// its lines.
    pub fn render(&self, style: Style, width: usize) -> String {
        let mut out = String::new();
        for p in self.shown() {
            let report = miette::Report::new(p.clone()).with_source_code(self.source.clone());
            let one = render_diagnostic(report.as_ref(), style, width);
            out.push_str(&one);
            if !one.ends_with('\n') {
                out.push('\n');
            }
        }
        let more = self.not_shown();
        if more > 0 {
            let _ = writeln!(
                out,
                "and {more} more problem(s) in {} (only the first {MAX_SHOWN_PROBLEMS} of a file are shown)",
                self.source.name()
            );
        }
        out
    }

    /// Number of warnings.
    pub fn warning_count(&self) -> usize {
        self.problems.iter().filter(|p| !p.is_error()).count()
    }

    /// One JSON object per problem, one per line (JSON Lines), for editors:
    /// `file`, `severity` (`error` or `warning`), `code`, `message`, `label`,
    /// `span` (byte `start` and `end`, 1-based `line` and `column` of both
    /// ends, columns in characters), `help` (or null) and `notes` (each a
    /// `label` and a `span`).
    ///
    /// Only the first [`MAX_SHOWN_PROBLEMS`] are written; if there are more,
    /// a last object says how many, with the same fields (`severity`
    /// `note`, `code` `lud::more`, `span` null) and `more`, the number.
    pub fn to_json_lines(&self) -> String {
        let mut out = String::new();
        for p in self.shown() {
            let mut labels: Vec<LabeledSpan> =
                p.labels().map(Iterator::collect).unwrap_or_default();
            let primary = p.primary();
            let main = labels
                .iter()
                .position(|l| *l.inner() == primary)
                .map(|i| labels.remove(i));
            let obj = serde_json::json!({
                "file": self.source.name(),
                "severity": if p.is_error() { "error" } else { "warning" },
                "code": p.code_str(),
                "message": p.to_string(),
                "label": main.and_then(|l| l.label().map(str::to_string)),
                "span": self.json_span(primary),
                "help": p.help_text(),
                "notes": labels
                    .iter()
                    .map(|l| serde_json::json!({
                        "label": l.label(),
                        "span": self.json_span(*l.inner()),
                    }))
                    .collect::<Vec<_>>(),
            });
            out.push_str(&obj.to_string());
            out.push('\n');
        }
        let more = self.not_shown();
        if more > 0 {
            let obj = serde_json::json!({
                "file": self.source.name(),
                "severity": "note",
                "code": "lud::more",
                "message": format!("and {more} more problem(s) (only the first {MAX_SHOWN_PROBLEMS} of a file are shown)"),
                "label": null,
                "span": null,
                "help": "fix the problems shown, then check again",
                "notes": [],
                "more": more,
            });
            out.push_str(&obj.to_string());
            out.push('\n');
        }
        out
    }

    fn json_span(&self, span: SourceSpan) -> serde_json::Value {
        let start = span.offset();
        let end = start + span.len();
        let at = |o: usize| self.source.line_col(u32::try_from(o).unwrap_or(u32::MAX));
        let (line, column) = at(start);
        let (end_line, end_column) = at(end);
        serde_json::json!({
            "start": start,
            "end": end,
            "line": line,
            "column": column,
            "end_line": end_line,
            "end_column": end_column,
        })
    }

    /// Plain rendering at width 80, as the tests snapshot it.
    pub fn render_plain(&self) -> String {
        self.render(Style::Plain, 80)
    }
}

impl std::fmt::Display for Diagnostics {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.render_plain())
    }
}

/// The longest source line, in bytes, that a diagnostic shows whole. Past
/// it the diagnostic is rendered by the plain renderer, which shows a
/// window of the line around each label (miette's graphical handler cannot
/// draw past display column 65,535, and whole long lines would make the
/// output grow with the square of the input).
pub const MAX_SHOWN_LINE_BYTES: usize = 4000;

/// The most source lines one label's snippet may show whole (its context
/// included); a label spanning more is rendered by the plain renderer.
pub const MAX_SHOWN_LINES: usize = 40;

/// Renders any diagnostic (message, labels on its source, help, related
/// diagnostics), never panicking, whatever its source holds: miette's
/// graphical handler where every snippet fits (no line longer than
/// [`MAX_SHOWN_LINE_BYTES`], no label over more than [`MAX_SHOWN_LINES`]
/// lines), otherwise a plain rendering that shows a window of each line.
pub fn render_diagnostic(d: &dyn Diagnostic, style: Style, width: usize) -> String {
    let width = width.clamp(20, 1000);
    let mut out = String::new();
    if fits_graphical(d, None) {
        let theme = match style {
            Style::Plain => GraphicalTheme::unicode_nocolor(),
            Style::Colour => GraphicalTheme::unicode(),
        };
        let handler = GraphicalReportHandler::new_themed(theme).with_width(width);
        if handler.render_report(&mut out, d).is_ok() {
            return out;
        }
        out.clear();
    }
    render_narrow(&mut out, d, None, "");
    out
}

/// Whether every label of `d` (and of its related diagnostics) has a
/// snippet the graphical handler can draw.
fn fits_graphical(d: &dyn Diagnostic, parent: Option<&dyn miette::SourceCode>) -> bool {
    let src = d.source_code().or(parent);
    if let (Some(src), Some(labels)) = (src, d.labels()) {
        for l in labels {
            let Ok(c) = src.read_span(l.inner(), 1, 1) else {
                continue; // miette says so in a line of its own
            };
            let data = c.data();
            if data.split(|&b| b == b'\n').count() > MAX_SHOWN_LINES + 1
                || data
                    .split(|&b| b == b'\n')
                    .any(|line| line.len() > MAX_SHOWN_LINE_BYTES)
            {
                return false;
            }
        }
    }
    d.related()
        .is_none_or(|mut r| r.all(|rel| fits_graphical(rel, src)))
}

/// Characters of a line shown before and after a label by the plain renderer.
const WINDOW_BEFORE: usize = 30;
const WINDOW_AFTER: usize = 50;

/// The plain rendering: the code, the message, each label as a place
/// (`file:line:column`), a window of its line and its text, the help.
fn render_narrow(
    out: &mut String,
    d: &dyn Diagnostic,
    parent: Option<&dyn miette::SourceCode>,
    indent: &str,
) {
    if let Some(code) = d.code() {
        let _ = writeln!(out, "{indent}{code}\n");
    }
    let _ = writeln!(out, "{indent}  × {}", clip_text(&d.to_string(), 2000));
    let mut cause = std::error::Error::source(d);
    while let Some(c) = cause {
        let _ = writeln!(out, "{indent}  ╰─▶ {}", clip_text(&c.to_string(), 2000));
        cause = c.source();
    }
    let src = d.source_code().or(parent);
    if let (Some(src), Some(labels)) = (src, d.labels()) {
        let mut labels: Vec<LabeledSpan> = labels.collect();
        labels.sort_by_key(|l| l.inner().offset());
        for l in labels {
            render_label(out, src, &l, indent);
        }
    }
    if let Some(help) = d.help() {
        let _ = writeln!(
            out,
            "{indent}  help: {}",
            clip_text(&help.to_string(), 2000)
        );
    }
    if let Some(related) = d.related() {
        for rel in related {
            let inner = format!("{indent}  ");
            render_narrow(out, rel, src, &inner);
        }
    }
}

fn render_label(out: &mut String, src: &dyn miette::SourceCode, l: &LabeledSpan, indent: &str) {
    let text = l.label().map_or(String::new(), |t| clip_text(t, 500));
    let Ok(at) = src.read_span(l.inner(), 0, 0) else {
        let _ = writeln!(out, "{indent}  at byte {}: {text}", l.inner().offset());
        return;
    };
    let number = (at.line() + 1).to_string();
    let place = format!("{number}:{}", at.column() + 1);
    let place = match at.name() {
        Some(name) => format!("{name}:{place}"),
        None => place,
    };
    let gutter = " ".repeat(number.len());
    let _ = writeln!(out, "{indent}{gutter}  ╭─[{place}]");
    // The label's line: the text before the label on it, and after.
    if let Ok(ctx) = src.read_span(l.inner(), 1, 1) {
        let data = ctx.data();
        let rel = l.inner().offset().saturating_sub(ctx.span().offset());
        let rel_end = (rel + l.inner().len()).min(data.len());
        if rel <= data.len() {
            let line_start = data[..rel]
                .iter()
                .rposition(|&b| b == b'\n')
                .map_or(0, |i| i + 1);
            let line_end = data[rel..]
                .iter()
                .position(|&b| b == b'\n')
                .map_or(data.len(), |i| rel + i);
            let before = String::from_utf8_lossy(&data[line_start..rel]);
            let inside = String::from_utf8_lossy(&data[rel..rel_end.min(line_end).max(rel)]);
            let after = String::from_utf8_lossy(&data[rel_end.min(line_end).max(rel)..line_end]);
            let before: Vec<char> = before.chars().collect();
            let inside: Vec<char> = inside.chars().collect();
            let cut_before = before.len() > WINDOW_BEFORE;
            let shown_before = &before[before.len().saturating_sub(WINDOW_BEFORE)..];
            let shown_inside = &inside[..inside.len().min(WINDOW_AFTER)];
            let room = WINDOW_AFTER.saturating_sub(shown_inside.len());
            let after: Vec<char> = after.chars().collect();
            let shown_after = &after[..after.len().min(room)];
            let cut_after = inside.len() > shown_inside.len() || after.len() > shown_after.len();
            let mut line = String::new();
            let mut lead = 0;
            if cut_before {
                line.push('…');
                lead += 1;
            }
            for &c in shown_before {
                line.push(printable(c));
                lead += char_width(c);
            }
            for &c in shown_inside.iter().chain(shown_after) {
                line.push(printable(c));
            }
            if cut_after {
                line.push('…');
            }
            let mark = shown_inside
                .iter()
                .map(|&c| char_width(c))
                .sum::<usize>()
                .max(1);
            let _ = writeln!(out, "{indent} {number} │ {line}");
            let _ = writeln!(
                out,
                "{indent} {gutter} · {}{} {text}",
                " ".repeat(lead),
                "─".repeat(mark.min(WINDOW_AFTER))
            );
        }
    } else if !text.is_empty() {
        let _ = writeln!(out, "{indent} {gutter} · {text}");
    }
    let _ = writeln!(out, "{indent}{gutter}  ╰────");
}

/// A character as the plain renderer shows it: tabs and control characters as spaces.
fn printable(c: char) -> char {
    if c.is_control() {
        ' '
    } else {
        c
    }
}

/// The columns a character takes in a terminal: 2 for the wide East Asian
/// ranges and most emoji, 1 otherwise (a close approximation, enough to put
/// a mark under a label).
fn char_width(c: char) -> usize {
    match c as u32 {
        0x1100..=0x115F
        | 0x2E80..=0x303E
        | 0x3041..=0x33FF
        | 0x3400..=0x4DBF
        | 0x4E00..=0x9FFF
        | 0xA000..=0xA4CF
        | 0xAC00..=0xD7A3
        | 0xF900..=0xFAFF
        | 0xFE30..=0xFE4F
        | 0xFF00..=0xFF60
        | 0xFFE0..=0xFFE6
        | 0x1F300..=0x1F64F
        | 0x1F900..=0x1F9FF
        | 0x20000..=0x3FFFD => 2,
        _ => 1,
    }
}

/// A text cut to at most `max` characters, with `…` where it was cut.
pub fn clip_text(text: &str, max: usize) -> String {
    match text.char_indices().nth(max) {
        None => text.to_string(),
        Some((i, _)) => format!("{}…", &text[..i]),
    }
}

/// The most candidates [`did_you_mean`] compares a name with: past them it
/// suggests nothing (a file with thousands of names is not a typo away from
/// being right, and comparing each use with each name would take the square
/// of the file's size).
const MAX_SUGGESTION_CANDIDATES: usize = 500;

/// The longest name [`did_you_mean`] compares.
const MAX_SUGGESTION_LEN: usize = 64;

/// The nearest of `candidates` to `name` by edit distance, if near enough to
/// be a likely typo. Case is ignored for the comparison.
pub fn did_you_mean<'a>(
    name: &str,
    candidates: impl IntoIterator<Item = &'a str>,
) -> Option<&'a str> {
    let lower = name.to_lowercase();
    let all: Vec<&'a str> = candidates
        .into_iter()
        .take(MAX_SUGGESTION_CANDIDATES + 1)
        .collect();
    if all.len() > MAX_SUGGESTION_CANDIDATES || name.len() > MAX_SUGGESTION_LEN {
        return None;
    }
    let all: Vec<&'a str> = all
        .into_iter()
        .filter(|c| c.len() <= MAX_SUGGESTION_LEN)
        .collect();
    let mut best: Option<(usize, &str)> = None;
    for &c in &all {
        let d = edit_distance(&lower, &c.to_lowercase());
        let limit = (name.chars().count().max(c.chars().count()) / 3).max(1);
        if d <= limit && best.is_none_or(|(bd, _)| d < bd) {
            best = Some((d, c));
        }
    }
    best.map(|(_, c)| c).or_else(|| {
        // A prefix of a longer name: `opening` for `opening-moves`.
        let mut hits = candidates_prefix(&lower, &all);
        (hits.len() == 1).then(|| hits.remove(0))
    })
}

fn candidates_prefix<'a>(lower: &str, all: &[&'a str]) -> Vec<&'a str> {
    if lower.chars().count() < 3 {
        return Vec::new();
    }
    all.iter()
        .copied()
        .filter(|c| c.to_lowercase().starts_with(lower))
        .collect()
}

/// "did you mean `x`?" for the nearest candidate, if any.
pub fn suggest<'a>(name: &str, candidates: impl IntoIterator<Item = &'a str>) -> Option<String> {
    did_you_mean(name, candidates).map(|c| format!("did you mean `{c}`?"))
}

fn edit_distance(a: &str, b: &str) -> usize {
    // Optimal string alignment: Levenshtein plus adjacent transpositions.
    let a: Vec<char> = a.chars().collect();
    let b: Vec<char> = b.chars().collect();
    let mut d = vec![vec![0usize; b.len() + 1]; a.len() + 1];
    for (i, row) in d.iter_mut().enumerate() {
        row[0] = i;
    }
    for (j, cell) in d[0].iter_mut().enumerate() {
        *cell = j;
    }
    for i in 1..=a.len() {
        for j in 1..=b.len() {
            let cost = usize::from(a[i - 1] != b[j - 1]);
            let mut v = (d[i - 1][j] + 1)
                .min(d[i][j - 1] + 1)
                .min(d[i - 1][j - 1] + cost);
            if i > 1 && j > 1 && a[i - 1] == b[j - 2] && a[i - 2] == b[j - 1] {
                v = v.min(d[i - 2][j - 2] + 1);
            }
            d[i][j] = v;
        }
    }
    d[a.len()][b.len()]
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn suggestions_pick_the_nearest_name() {
        assert_eq!(
            did_you_mean("slyde", ["step", "slide", "leap"]),
            Some("slide")
        );
        assert_eq!(did_you_mean("xyz", ["step", "slide"]), None);
        assert_eq!(
            did_you_mean("orthogonl", ["Orthogonal", "Diagonal"]),
            Some("Orthogonal")
        );
    }

    #[test]
    fn codes_are_unique() {
        let mut c = Problem::CODES.to_vec();
        c.sort_unstable();
        let n = c.len();
        c.dedup();
        assert_eq!(n, c.len());
    }
}
