//! From text to an owned syntax tree: the pest parser (`lower`), then macro
//! expansion ([`expand`]). No pest type leaves this module.

pub mod ast;
mod brackets;
mod expand;
mod lower;

use crate::diagnostics::Problem;
use crate::source::SourceFile;

pub use expand::{expand, Macro};

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
