//! The game has each section it needs exactly once: `players`, `equipment`
//! with one `board`, `rules` with a `start`; `info`, `play` and `end` at most once.

use crate::compile::bind::{bind, forms_of};
use crate::compile::ludemes::{lookup, Cat};
use crate::diagnostics::{DuplicateSection, MissingSection, Problem};
use crate::syntax::ast::{Node, NodeKind};

pub(super) fn check(game: &Node, out: &mut Vec<Problem>) {
    let NodeKind::Form(g) = &game.kind else {
        return;
    };
    let Some(l) = lookup(&g.head) else { return };
    let (b, _) = bind(g, l);
    let sections = b.all("sections");
    once(game, &sections, "info", false, out);
    once(game, &sections, "options", false, out);
    once(game, &sections, "rulesets", false, out);
    once(game, &sections, "players", true, out);
    once(game, &sections, "equipment", true, out);
    once(game, &sections, "rules", true, out);
    for (form, node) in forms_of(game, Cat::Equipment) {
        let Some(l) = lookup(&form.head) else {
            continue;
        };
        let (b, _) = bind(form, l);
        once(node, &b.all("items"), "board", true, out);
    }
    for (form, node) in forms_of(game, Cat::Rules) {
        let Some(l) = lookup(&form.head) else {
            continue;
        };
        let (b, _) = bind(form, l);
        let s = b.all("sections");
        once(node, &s, "start", true, out);
        once(node, &s, "play", false, out);
        once(node, &s, "end", false, out);
    }
}

fn once(parent: &Node, items: &[&Node], name: &str, required: bool, out: &mut Vec<Problem>) {
    let found: Vec<&&Node> = items
        .iter()
        .filter(|n| n.as_form().is_some_and(|f| f.head == name))
        .collect();
    if found.is_empty() && required {
        let head = parent.as_form().map_or(parent.span, |f| f.head_span);
        out.push(
            MissingSection::new(head, name)
                .origin(parent.origin.as_ref())
                .help(format!("add `({name} ...)`; `lud doc` shows what it takes")),
        );
    }
    for extra in found.iter().skip(1) {
        let span = extra.as_form().map_or(extra.span, |f| f.head_span);
        out.push(
            DuplicateSection::new(span, name)
                .origin(extra.origin.as_ref())
                .note(
                    found[0].as_form().map_or(found[0].span, |f| f.head_span),
                    "first one here",
                )
                .help(format!("merge the two `({name} ...)` into one")),
        );
    }
}
