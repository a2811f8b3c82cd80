//! Check is only asked about in a game with a royal piece.

use crate::compile::bind::{bind, forms_of, walk};
use crate::compile::ludemes::{lookup, Cat, Ty};
use crate::diagnostics::{NoRoyal, Problem};
use crate::syntax::ast::{Node, NodeKind};

pub(super) fn check(game: &Node, out: &mut Vec<Problem>) {
    let royal = forms_of(game, Cat::Piece).iter().any(|(f, _)| {
        lookup(&f.head).is_some_and(|l| {
            let (b, _) = bind(f, l);
            b.one("royal").and_then(Node::as_ident) == Some("True")
        })
    });
    if royal {
        return;
    }
    let mut first = None;
    walk(game, Ty::Of(&[Cat::Game]), &mut |n, _| {
        if let NodeKind::Form(f) = &n.kind {
            if f.head == "inCheck" && first.is_none() {
                first = Some(n);
            }
        }
    });
    if let Some(n) = first {
        // The example is the game's own first piece, if it has one.
        let example = forms_of(game, Cat::Piece)
            .iter()
            .filter(|(f, _)| f.head == "piece")
            .find_map(|(f, _)| {
                let name = f.args.first().and_then(Node::as_str)?;
                let letter = f.args.get(1).and_then(Node::as_str)?;
                Some(format!("(piece \"{name}\" \"{letter}\" royal:True ...)"))
            })
            .unwrap_or_else(|| "(piece \"King\" \"K\" royal:True (step All))".into());
        out.push(
            NoRoyal::new(n.span)
                .origin(n.origin.as_ref())
                .help(format!("mark the piece that must never be left attacked (the one check is about) with `royal:True`, as in `{example}`")),
        );
    }
}
