//! Each piece has one ASCII letter of its own (case is the player's, so `K`
//! and `k` are the same letter).

use std::collections::HashMap;

use crate::compile::bind::{bind, forms_of};
use crate::compile::ludemes::{lookup, Cat};
use crate::diagnostics::{BadLetter, DuplicateLetter, Problem};
use crate::source::Span;
use crate::syntax::ast::Node;

pub(super) fn check(game: &Node, out: &mut Vec<Problem>) {
    let mut seen: HashMap<char, Span> = HashMap::new();
    for (form, _) in forms_of(game, Cat::Piece) {
        let Some(l) = lookup(&form.head) else {
            continue;
        };
        let (b, _) = bind(form, l);
        let Some(n) = b.one("letter") else { continue };
        let Some(s) = n.as_str() else { continue };
        let mut chars = s.chars();
        match (chars.next(), chars.next()) {
            (Some(c), None) if c.is_ascii_alphabetic() => {
                let up = c.to_ascii_uppercase();
                if let Some(first) = seen.get(&up) {
                    out.push(
                        DuplicateLetter::new(n.span, up.to_string())
                            .origin(n.origin.as_ref())
                            .note(*first, "first used here")
                            .help("give each piece its own letter; a letter's case only tells the player"),
                    );
                } else {
                    seen.insert(up, n.span);
                }
            }
            _ => out.push(BadLetter::new(n.span, s).origin(n.origin.as_ref()).help(
                "write one letter, as in \"R\"; it is shown in capitals for the first player",
            )),
        }
    }
}
