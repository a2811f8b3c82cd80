//! Every `(betza "...")` notation can be read, and every move it names can
//! be played: each mistake at its own characters in the string.

use crate::compile::betza;
use crate::compile::betza_moves;
use crate::compile::bind::{bind, walk};
use crate::compile::ludemes::{Cat, Ty};
use crate::diagnostics::{BadBetza, Problem};
use crate::source::Span;
use crate::syntax::ast::{Node, NodeKind};

pub(super) fn check(game: &Node, out: &mut Vec<Problem>) {
    walk(game, Ty::Of(&[Cat::Game]), &mut |n, _| {
        let NodeKind::Form(f) = &n.kind else { return };
        if f.head != "betza" {
            return;
        }
        let Some(l) = crate::compile::bind::ludeme_of(f) else {
            return;
        };
        let (b, _) = bind(f, l);
        let Some(node) = b.one("notation") else {
            return;
        };
        let Some(text) = node.as_str() else { return };
        // The notation's bytes start after the opening quote.
        let at = |r: &std::ops::Range<usize>| {
            let start = node.span.start as usize + 1;
            let end = (start + r.end).min(node.span.end as usize);
            Span::new((start + r.start).min(end), end.max(start + r.start))
        };
        match betza::parse(text) {
            Err(errors) => {
                for e in errors {
                    out.push(
                        BadBetza::new(at(&e.span), e.message.clone(), "this part of the notation")
                            .origin(node.origin.as_ref())
                            .help(e.help),
                    );
                }
            }
            Ok(moves) => {
                if let Err(bad) = betza_moves::shapes(&moves) {
                    for u in bad {
                        out.push(
                            BadBetza::new(
                                at(&u.span),
                                format!("`{}` cannot be played", &text[u.span.clone()]),
                                u.message,
                            )
                            .origin(node.origin.as_ref())
                            .help("write this move with other atoms or legs, or as move ludemes"),
                        );
                    }
                }
            }
        }
    });
}
