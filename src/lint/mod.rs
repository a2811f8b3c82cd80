//! Warnings: what a game file may legally say but likely does not mean.
//! One lint per file; each adds every case it finds. They run on a game
//! that compiled, for one configuration; `build::check` keeps the ones
//! that hold under every configuration it tries (see [`everywhere`]).
//!
//! Two more lints run earlier, where their facts are: unused macros in
//! `syntax::expand`, option values nothing reads in `compile::options`.

mod ends;
mod opening;
mod pieces;
mod redundant;
mod regions;
mod start;

use crate::compile::decls::Decls;
use crate::diagnostics::Problem;
use crate::game::Game;
use crate::syntax::ast::Node;

/// Every warning for a compiled game; `node` is its `(game ...)` tree for
/// the same configuration.
pub(crate) fn run(node: &Node, decls: &Decls, game: &Game) -> Vec<Problem> {
    let mut out = Vec::new();
    regions::check(node, decls, &mut out);
    pieces::check(decls, game, &mut out);
    redundant::check(game.model(), &mut out);
    start::check(game, &mut out);
    start::over(node, game, &mut out);
    ends::check(node, game, &mut out);
    ends::shadowed(node, &mut out);
    opening::check(game, &mut out);
    out
}

/// Whether a warning means something only if it holds under every
/// configuration: a region or rule unused under one option may be used
/// under another, and then nothing is wrong.
pub(crate) fn everywhere(p: &Problem) -> bool {
    matches!(
        p,
        Problem::UnusedRegion(_)
            | Problem::PieceNeverMoves(_)
            | Problem::PieceNeverAppears(_)
            | Problem::UnreachableRule(_)
            | Problem::RuleAddsNothing(_)
    )
}
