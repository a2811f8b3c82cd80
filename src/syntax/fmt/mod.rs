//! `lud fmt`: one canonical layout for a `.lud` file, every comment kept.
//!
//! The layout, as the hand-written games have it:
//!
//! - A form or list that fits in 100 columns (its indentation and the
//!   closing brackets after it counted, a trailing comment not) is written on
//!   one line with single spaces; a list is tight: `{a1 h1}`.
//! - Otherwise a form keeps its head on the first line, and after it the
//!   arguments that belong there while they fit: names, strings, numbers,
//!   lists, `key:value` pairs, and forms when a `key:value` follows them (the
//!   form is then an argument, as in `(board (square 8) marked:...)`, not one
//!   of a run of children, as in `(piece "Pawn" "P" (step ...) ...)`). Pairs
//!   whose value is a form stay there only if all that follows them does too,
//!   so that `if:` and `then:` are not parted. The first argument that does
//!   not belong or fit starts the body: the rest, indented one level (4
//!   spaces) deeper than the line the form starts on, the closing bracket
//!   ending the last line.
//! - In the body, arguments the author wrote together on a line of their own
//!   stay on one line as long as they fit (a row of a start position:
//!   `(place White "Rook" {a1 h1}) (place White "Horse" {b1 g1})`); the others
//!   go one per line (so do the arguments of a form written all on one line
//!   and too long for it, unless they are all plain words: those fill lines).
//!   A blank line the author left between two of them is kept (several
//!   become one).
//! - A list that is the last argument and does not fit opens at the end of the
//!   first line and closes on a line of its own: `(equipment {` ... `})`. Any
//!   other list that does not fit keeps its first item after `{` and the others
//!   aligned under it: `{(set ...) (set ...)` / ` (set ...)}`.
//! - A `//` comment after code stays at the end of its line; those on
//!   consecutive lines are aligned one column, two spaces after the longest code
//!   (as gofmt does). A comment on a line of its own stays on a line of its
//!   own, at the indentation of what follows. A form with a comment inside
//!   cannot be on one line. A comment just before a `)` goes after it (and
//!   after any `)` that follow), where the closing bracket has to be; one
//!   between a key and its value goes before the pair.
//! - A `/* */` comment on one line is kept in place like a word; one over
//!   several lines starts a line and is kept byte for byte. Strings too.
//! - No trailing whitespace; the file ends with exactly one newline.
//!
//! Everything here works with explicit stacks, not recursion. The parser it
//! relies on does recurse, so nesting deeper than [`super::MAX_DEPTH`] levels
//! is refused with a diagnostic (`lud::syntax::too_deep`) before the parser
//! sees it. Before the text is returned it is
//! read back and checked to hold the same tokens and comments in the same
//! order.

mod print;
mod tree;

use pest::iterators::Pairs;
use pest::Parser as _;

use super::{LudParser, Rule};
use crate::diagnostics::Problem;
use crate::source::{SourceFile, MAX_SOURCE_BYTES};
use print::Printer;
use tree::Tree;

/// The line width the layout keeps to, indentation included. A trailing
/// comment may run past it; so may a single string that is longer.
const WIDTH: usize = 100;

/// Spaces per level of indentation.
const INDENT: usize = 4;

/// Why a file was not formatted.
#[derive(Debug, thiserror::Error)]
pub enum FormatError {
    /// The file has syntax errors (every one of them): it is not formatted,
    /// since a layout of a misread file could lose text.
    #[error("the file has {} syntax error(s)", .0.len())]
    Syntax(Vec<Problem>),
    /// The layout did not read back as the same tokens and comments: a bug in
    /// the formatter, caught before anything is written.
    #[error("the layout would not keep the file's text (a bug in lud fmt)")]
    Unsafe,
    /// Formatted, the file would be larger than `lud` reads
    /// ([`MAX_SOURCE_BYTES`]), mostly by indentation.
    #[error(
        "formatted, the file would be more than the {MAX_SOURCE_BYTES} bytes a game file may have"
    )]
    TooLarge,
}

/// Formats a file; see the module documentation for the layout.
pub(super) fn format(source: &SourceFile) -> Result<String, FormatError> {
    // Nesting deeper than `MAX_DEPTH` is among the problems, found before
    // the parser that recurses runs.
    let (_, problems) = super::parse(source);
    if !problems.is_empty() {
        return Err(FormatError::Syntax(problems));
    }
    let text = source.text();
    let Ok(mut pairs) = LudParser::parse(Rule::file, text) else {
        return Err(FormatError::Unsafe);
    };
    let Some(file) = pairs.next() else {
        return Err(FormatError::Unsafe);
    };
    let before = tokens(file.clone().into_inner());
    let tree = Tree::build(text, file.into_inner());
    let Some(out) = Printer::new(&tree).print() else {
        return Err(FormatError::TooLarge);
    };
    let same = LudParser::parse(Rule::file, &out)
        .ok()
        .and_then(|mut p| p.next())
        .is_some_and(|f| tokens(f.into_inner()) == before);
    if same {
        Ok(out)
    } else {
        Err(FormatError::Unsafe)
    }
}

/// The tokens of a parsed file, comments aside: what a layout must keep.
#[derive(PartialEq, Eq, Debug)]
struct Tokens<'t> {
    code: Vec<&'t str>,
    comments: Vec<&'t str>,
}

fn tokens(pairs: Pairs<'_, Rule>) -> Tokens<'_> {
    let mut t = Tokens {
        code: Vec::new(),
        comments: Vec::new(),
    };
    for p in pairs.flatten() {
        match p.as_rule() {
            Rule::form => t.code.push("("),
            Rule::list => t.code.push("{"),
            Rule::COMMENT => t.comments.push(p.as_str().trim_end()),
            Rule::named | Rule::string_inner | Rule::line_comment | Rule::block_comment => {}
            _ => t.code.push(p.as_str()),
        }
    }
    t
}
