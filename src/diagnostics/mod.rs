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

use std::sync::Arc;

use miette::{Diagnostic, LabeledSpan, Severity, SourceSpan};

use crate::source::{SourceFile, Span};
use crate::syntax::ast::Origin;

/// Declares problem types, one per entry: the struct (message, label,
/// fields, severity, stable code) and its `new`. The tables are the files
/// of this folder, one per stage of the pipeline.
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
            #[derive(Debug, Clone, thiserror::Error, miette::Diagnostic)]
            #[error($msg)]
            #[diagnostic(code($($code)::+) $(, severity($sev))?)]
            pub struct $name {
                $($(
                    #[doc = "A detail named in the message or label."]
                    pub $f: $t,
                )*)?
                /// The exact text the problem is about.
                #[label($label)]
                pub span: miette::SourceSpan,
                /// What to do about it.
                #[help]
                pub help: Option<String>,
                /// Further places: the macro use that produced the text, the first definition, ...
                #[label(collection)]
                pub notes: Vec<miette::LabeledSpan>,
            }

            impl $name {
                /// The stable code.
                pub(crate) const CODE: &'static str = stringify!($($code)::+);

                /// The problem at `span`, with no help and no notes yet.
                #[allow(clippy::new_ret_no_self, clippy::too_many_arguments)]
                pub fn new(span: $crate::source::Span $($(, $f: impl Into<$t>)*)?) -> $crate::diagnostics::Problem {
                    $crate::diagnostics::Problem::$name(Box::new($name {
                        $($($f: $f.into(),)*)?
                        span: span.into(),
                        help: None,
                        notes: Vec::new(),
                    }))
                }
            }
        )*
    };
}

/// Declares [`Problem`], one variant per problem type, in the order of the
/// tables (the order of [`Problem::CODES`]).
macro_rules! problem_enum {
    ($($name:ident),* $(,)?) => {
        /// Any one problem. Each variant wraps the type of that problem.
        #[derive(Debug, Clone, thiserror::Error, Diagnostic)]
        pub enum Problem {
            $(
                #[doc = concat!("A [`", stringify!($name), "`].")]
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
            pub const CODES: &'static [&'static str] = &[$($name::CODE,)*];
        }
    };
}

mod compile;
mod define;
mod input;
mod lint;
mod options;
mod render;
mod suggest;
mod syntax;

pub use self::compile::*;
pub use self::define::*;
pub use self::input::*;
pub use self::lint::*;
pub use self::options::*;
pub use self::syntax::*;
pub use render::{
    clip_text, render_diagnostic, Item, Style, MAX_SHOWN_LINES, MAX_SHOWN_LINE_BYTES,
};
pub use suggest::{did_you_mean, suggest};

problem_enum! {
    // input
    TooLarge, NotText,
    // syntax
    Unclosed, UnexpectedClose, MismatchedBracket, TooDeep, UnterminatedString,
    UnterminatedComment, InvalidEscape, InvalidToken, EmptyForm, BadHead, StrayColon,
    NumberTooLarge, NamedOutsideForm,
    // define
    UnknownMacro, DuplicateMacro, MacroMissingArgument, MacroExtraArgument, RecursiveMacro,
    MacroChainTooLong, MacroTooLarge, MacroTooDeep, BadDefine, ParamOutsideDefine,
    // options
    UnknownOption, BadOptionValue, TooMuchToCheck, BadWhen,
    // compile
    GameForm, StrayTopLevel, LudiiForm, UnknownLudeme, MissingArgument, ExtraArgument, WrongType,
    UnknownNamedArgument, DuplicateNamedArgument, UnknownConstant, UndefinedPiece,
    UndefinedPlayer, UndefinedRegion, DuplicateDefinition, DuplicateLetter, BadLetter,
    BadSquare, OnHole, SquareTaken, OutOfRange, BadBetza, NotOnHexes, PlayerMoveInPiece, NoMoveHere, NoStartSquare, MissingSection,
    DuplicateSection, NoRoyal, BadPlayers, RecursiveCondition, EmptyList, TooMany,
    // lint
    UnusedDefine, UnusedRegion, PieceNeverMoves, PieceNeverAppears, UnreachableRule, RuleAddsNothing,
    UnusedOptionValue, NeverEnds, OverAtStart, StartInCheck, OpeningNotPlayable, FixedComparison,
    EndNeverReached,
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

    /// Number of warnings.
    pub fn warning_count(&self) -> usize {
        self.problems.iter().filter(|p| !p.is_error()).count()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn codes_are_unique() {
        let mut c = Problem::CODES.to_vec();
        c.sort_unstable();
        let n = c.len();
        c.dedup();
        assert_eq!(n, c.len());
    }
}
