//! The file holds exactly one `(game ...)` form; besides it only `(define ...)`
//! forms (removed by expansion) may stand at the top level.

use crate::diagnostics::{GameForm, Problem, StrayTopLevel};
use crate::source::Span;
use crate::syntax::ast::{Ast, HeadKind, Node, NodeKind};

/// The `(game ...)` node, reporting a missing or second one and stray items.
pub(crate) fn check(ast: &Ast, out: &mut Vec<Problem>) -> Option<usize> {
    let mut game: Option<&Node> = None;
    let mut index = None;
    for (i, item) in ast.items.iter().enumerate() {
        match item.as_form() {
            Some(f) if f.head == "game" && f.head_kind == HeadKind::Ludeme => {
                if let Some(first) = game {
                    out.push(
                        GameForm::new(f.head_span, "a file holds one game, and this is a second")
                            .note(first.as_form().map_or(first.span, |f| f.head_span), "the first game")
                            .help("put each game in a file of its own"),
                    );
                } else {
                    game = Some(item);
                    index = Some(i);
                }
            }
            Some(f) if f.head_kind == HeadKind::Macro => {} // reported by expansion
            // Text the parser could not read: reported there, once.
            None if matches!(item.kind, NodeKind::Error) => {}
            _ => out.push(
                StrayTopLevel::new(item.span, item.describe())
                    .origin(item.origin.as_ref())
                    .help("only `(define ...)` and one `(game ...)` stand at the top level; move this inside the game"),
            ),
        }
    }
    if game.is_none() {
        out.push(
            GameForm::new(Span::new(0, 0), "the file has no `(game ...)` form").help(
                "write the game as `(game \"Name\" (players ...) (equipment ...) (rules ...))`",
            ),
        );
    }
    index
}
