//! The checks a game file goes through before it is compiled, one per file.
//! Each adds every problem it finds; none stops at the first.

mod betza;
mod context;
pub(crate) mod fixed;
mod letters;
mod ludii;
mod names;
mod ranges;
mod royal;
mod sections;
mod signatures;
mod squares;
mod start;
mod tiling;
pub(crate) mod top_level;

use super::decls::Decls;
use crate::diagnostics::Problem;
use crate::syntax::ast::Node;

/// Runs every check over the `(game ...)` node.
pub(crate) fn run(game: &Node, decls: &Decls) -> Vec<Problem> {
    let mut out = Vec::new();
    let ludii = ludii::check(game, &mut out);
    let said = out.len();
    signatures::check(game, &mut out);
    sections::check(game, &mut out);
    names::check(game, decls, &mut out);
    letters::check(game, &mut out);
    ranges::check(game, &mut out);
    squares::check(game, decls, &mut out);
    start::check(game, decls, &mut out);
    royal::check(game, &mut out);
    betza::check(game, &mut out);
    tiling::check(game, decls, &mut out);
    context::check(game, &mut out);
    // What the other checks say inside a form written the Ludii way is
    // said better by the Ludii check.
    let inside = |p: &Problem| {
        let s = p.primary();
        let (start, end) = (s.offset(), s.offset() + s.len());
        ludii
            .iter()
            .any(|l| l.start as usize <= start && end <= l.end as usize)
    };
    let mut i = 0;
    out.retain(|p| {
        i += 1;
        i <= said || !inside(p)
    });
    out
}
