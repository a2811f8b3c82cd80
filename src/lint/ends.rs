//! `lud::lint::never_ends`: a game with no end rule stops only at the move
//! limit of `lud play`.
//! `lud::lint::end_never_reached`: an end rule whose condition an earlier
//! one tests (the same condition, or the `and` of it with more): the
//! earlier rule ends the game first, so the later one never does.

use crate::compile::bind::forms_of;
use crate::compile::ludemes::Cat;
use crate::diagnostics::{EndNeverReached, NeverEnds, Problem};
use crate::game::Game;
use crate::syntax::ast::{Node, NodeKind};

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

/// `lud::lint::end_never_reached`, marked at the later rule.
pub(super) fn shadowed(node: &Node, out: &mut Vec<Problem>) {
    // Each end rule's condition, as written (options applied).
    let rules: Vec<(&Node, String)> = forms_of(node, Cat::EndRule)
        .into_iter()
        .filter_map(|(f, n)| Some((n, f.args.first()?.to_string())))
        .collect();
    for (i, (later, cond)) in rules.iter().enumerate() {
        let Some((earlier, _)) = rules[..i]
            .iter()
            .find(|(_, c)| c == cond || conjuncts(later).contains(c))
        else {
            continue;
        };
        let text = earlier.to_string();
        out.push(
            EndNeverReached::new(later.span, text)
                .origin(later.origin.as_ref())
                .help(
                    "the end rules are judged in order and the first that holds ends the game, \
                     so whenever this one holds the earlier one has ended it: remove this rule, \
                     or put it first if its result is the one meant",
                ),
        );
    }
}

/// The parts of an end rule's condition where it is an `and` (their
/// texts); none otherwise.
fn conjuncts(rule: &Node) -> Vec<String> {
    let NodeKind::Form(f) = &rule.kind else {
        return Vec::new();
    };
    match f.args.first().map(|c| &c.kind) {
        Some(NodeKind::Form(c)) if c.head == "and" => c.args.iter().map(Node::to_string).collect(),
        _ => Vec::new(),
    }
}
