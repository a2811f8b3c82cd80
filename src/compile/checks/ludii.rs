//! Forms written as Ludii writes them (`(no Moves Next)`, `(is Line 5)`,
//! `(move Step ...)`): each is answered with the form lud writes, from the
//! catalogue's table of Ludii's phrases, rather than with what lud makes
//! of its words (an unknown ludeme `no`, no player named `Line`).

use crate::compile::ludemes::{lookup, ludii_phrase};
use crate::diagnostics::{LudiiForm, Problem};
use crate::source::Span;
use crate::syntax::ast::{HeadKind, Node, NodeKind};

/// Adds a problem for every form written in a Ludii phrase; returns where
/// those forms are, so that what the other checks say of their insides can
/// be left out.
pub(super) fn check(game: &Node, out: &mut Vec<Problem>) -> Vec<Span> {
    let mut spans = Vec::new();
    visit(game, out, &mut spans);
    spans
}

fn visit(node: &Node, out: &mut Vec<Problem>, spans: &mut Vec<Span>) {
    match &node.kind {
        NodeKind::Form(f) => {
            let words: Vec<Option<&str>> = f
                .args
                .iter()
                .map(|a| match &a.kind {
                    NodeKind::Ident(w) => Some(w.as_str()),
                    _ => None,
                })
                .collect();
            if let (HeadKind::Ludeme, Some(p)) = (f.head_kind, ludii_phrase(&f.head, &words)) {
                let help = match lookup(p.ludeme) {
                    Some(l) => format!("write `{}`, as in `{}`", l.signature(), l.example),
                    None if p.ludeme.is_empty() => String::new(),
                    None => format!("write `({} ...)`", p.ludeme),
                };
                let help = match (help.is_empty(), p.note.is_empty()) {
                    (_, true) => help,
                    (true, false) => p.note.to_string(),
                    (false, false) => format!("{help}; {}", p.note),
                };
                let says = if p.ludeme.is_empty() {
                    p.with.to_string()
                } else {
                    format!("lud says it with `{}`", p.ludeme)
                };
                out.push(
                    LudiiForm::new(node.span, p.phrase.replace('_', "P"), says)
                        .origin(node.origin.as_ref())
                        .help(help),
                );
                spans.push(node.span);
                return;
            }
            f.args.iter().for_each(|a| visit(a, out, spans));
        }
        NodeKind::List(items) => items.iter().for_each(|i| visit(i, out, spans)),
        NodeKind::Named(nm) => visit(&nm.value, out, spans),
        _ => {}
    }
}
