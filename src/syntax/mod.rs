//! From text to an owned syntax tree: the pest parser (`lower`), then macro
//! expansion ([`expand`]). No pest type leaves this module.

pub mod ast;
mod brackets;
mod expand;
mod fmt;
mod lower;

use crate::diagnostics::Problem;
use crate::source::SourceFile;

pub use expand::{define_names, expand, Macro};

/// The deepest that forms and lists may nest, in the text and after macro
/// expansion: a deeper file is refused (`lud::syntax::too_deep`,
/// `lud::define::too_deep`) before anything recurses over it. Every pass over
/// the tree (the parser, expansion, the checks, lowering, evaluating conditions,
/// `describe`) recurses once per level; this depth keeps them well within a
/// 2 MiB thread stack, even unoptimised.
pub const MAX_DEPTH: usize = 256;

/// The longest chain of macros used inside macros (`"A"` uses `"B"`, which
/// uses `"C"`, ...): a longer one is refused (`lud::define::chain_too_long`).
pub const MAX_MACRO_CHAIN: usize = 64;

/// The most nodes macro expansion may copy into one file (bodies and the
/// arguments put in them, counted each time): past it the expansion is
/// refused (`lud::define::too_large`), so that a few short defines that use
/// each other twice cannot grow into millions of nodes.
pub const MAX_EXPANDED_NODES: usize = 200_000;
pub use fmt::FormatError;

/// The pest parser generated from `grammar/lud.pest` (private: no pest type
/// leaves this module).
#[allow(missing_docs, unreachable_pub)]
mod parser {
    #[derive(pest_derive::Parser)]
    #[grammar = "../grammar/lud.pest"]
    pub(super) struct LudParser;
}
use parser::{LudParser, Rule};

/// Parses a file into its syntax tree. Every syntax error of the file is
/// returned; the tree holds whatever could be read around them.
pub fn parse(source: &SourceFile) -> (ast::Ast, Vec<Problem>) {
    lower::parse(source)
}

/// Parses and expands every `(define ...)`: the tree the compiler checks.
pub fn parse_and_expand(source: &SourceFile) -> (ast::Ast, Vec<Problem>) {
    let (tree, mut problems) = parse(source);
    let (expanded, more) = expand(&tree);
    problems.extend(more);
    (expanded, problems)
}

/// The file in the canonical layout of `lud fmt`, every comment kept: forms
/// on one line when they fit in 100 columns, otherwise their head first and
/// the rest indented by 4, trailing comments aligned (the rules are in
/// `src/syntax/fmt.rs`). Formatting the result again gives it back unchanged.
///
/// A file with syntax errors is not formatted: they are returned instead.
///
/// ```
/// use lud::source::SourceFile;
///
/// let src = SourceFile::new("x.lud", "(game \"X\"   (players {(player \"A\" N)})// who plays\n)");
/// let out = lud::syntax::format(&src).unwrap();
/// assert_eq!(out, "(game \"X\" (players {(player \"A\" N)}))  // who plays\n");
/// ```
pub fn format(source: &SourceFile) -> Result<String, FormatError> {
    fmt::format(source)
}
