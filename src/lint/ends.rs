//! `lud::lint::never_ends`: a game with no end rule stops only at the move
//! limit of `lud play`.

use crate::compile::bind::forms_of;
use crate::compile::ludemes::Cat;
use crate::diagnostics::{NeverEnds, Problem};
use crate::game::Game;
use crate::syntax::ast::Node;

pub(super) fn check(node: &Node, game: &Game, out: &mut Vec<Problem>) {
    if !game.model().ends.is_empty() {
        return;
    }
    let span = forms_of(node, Cat::End)
        .first()
        .map_or(node.span, |(_, n)| n.span);
    out.push(NeverEnds::new(span).help(
        "add end rules, such as `(if (noMoves Next) (loss Next \"no moves\"))`; \
         without them a game stops only at the move limit, as a draw",
    ));
}
