//! `lud::lint::start_in_check`: a royal piece attacked in the start position.
//! `lud::lint::over_at_start`: a game over before its first move (an end
//! rule holds at the start, or the first player has no legal move).

use crate::compile::bind::forms_of;
use crate::compile::board::Sq;
use crate::compile::ludemes::Cat;
use crate::diagnostics::{OverAtStart, Problem, StartInCheck};
use crate::eval::Outcome;
use crate::game::Game;
use crate::syntax::ast::Node;

/// `lud::lint::over_at_start`, marked at the end rule that holds (or at
/// the play rules, where the first player has no move).
pub(super) fn over(node: &Node, game: &Game, out: &mut Vec<Problem>) {
    let model = game.model();
    let start = game.start();
    let name = |p: usize| model.players.get(p).map_or("?", |pl| pl.name.as_str());
    if let Some((o, idx)) = start.ending() {
        let why = match &o {
            Outcome::Win { winner, kind, .. } => format!("{} wins by {kind}", name(*winner)),
            Outcome::Draw { kind } => format!("a draw by {kind}"),
        };
        let rules = forms_of(node, Cat::EndRule);
        let span = rules.get(idx).map_or(node.span, |(_, n)| n.span);
        let help = if start.rule_moves().is_empty() {
            format!(
                "{} has no legal move at the start: check the end rule, and the pieces' moves \
                 and those of `(play ...)`, against the start position (a `remove` takes only \
                 the other player's pieces, a drop needs an empty square)",
                name(start.side_to_move())
            )
        } else {
            "an end rule is judged before every turn, the first too: check its numbers and \
             players against the start position"
                .to_string()
        };
        out.push(OverAtStart::new(span, why, "this end rule holds at the start").help(help));
    } else if start.legal_moves().is_empty() {
        let span = forms_of(node, Cat::Play)
            .first()
            .map_or(node.span, |(_, n)| n.span);
        out.push(
            OverAtStart::new(
                span,
                format!("{} has no legal move", name(start.side_to_move())),
                "no move here can be made at the start",
            )
            .help(
                "check the pieces' moves and those of `(play ...)` against the start position \
                 (a `remove` takes only the other player's pieces, a drop needs an empty square)",
            ),
        );
    }
}

pub(super) fn check(game: &Game, out: &mut Vec<Problem>) {
    let model = game.model();
    let start = game.start();
    for (p, player) in model.players.iter().enumerate() {
        if !start.is_checked(p) {
            continue;
        }
        // Name the player's first royal piece, where its placement is written.
        let Some(place) = model
            .start
            .iter()
            .find(|pl| usize::from(pl.player) == p && model.pieces[usize::from(pl.piece)].royal)
        else {
            continue;
        };
        let square = (0..model.board.len())
            .find(|&sq| {
                start
                    .piece_at(sq)
                    .is_some_and(|(k, o)| o == p && model.pieces[k].royal)
            })
            .map_or_else(String::new, |sq| model.board.name(sq as Sq));
        out.push(
            StartInCheck::new(
                place.span,
                player.name.clone(),
                model.pieces[usize::from(place.piece)].name.clone(),
                square,
            )
            .help(format!(
                "move the pieces so that no {} stands attacked at the start (a player in check at the start may have no legal move)",
                model.pieces[usize::from(place.piece)].name
            )),
        );
    }
}
