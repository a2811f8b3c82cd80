//! The docs of what is under the cursor.

use super::{holds, Read, SymbolKind};
use crate::compile::ludemes::{describe_ty, lookup, Ty, LUDEMES};
use crate::compile::reference::ludeme_markdown;
use crate::source::{SourceFile, Span};
use crate::syntax::ast::{HeadKind, NodeKind};

/// What an editor shows over a word: Markdown, and the span it is about.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Hover {
    /// The word or form the text is about.
    pub span: Span,
    /// Markdown.
    pub text: String,
}

/// The docs of what is at byte `at` of the file: a ludeme's entry in the
/// reference (over its name), an argument's (over `key:`), a constant's
/// meaning, or where a quoted name (a piece, player, region or macro) is
/// declared.
pub fn hover(source: &SourceFile, at: usize) -> Option<Hover> {
    let read = Read::new(source);
    let path = read.path(at);
    let (i, node) = path.iter().enumerate().next_back()?;
    let parent_form = path[..i].iter().rev().find_map(|n| n.as_form());
    match &node.kind {
        NodeKind::Form(f) if holds(f.head_span, at) => {
            let text = match f.head_kind {
                HeadKind::Ludeme | HeadKind::Operator => {
                    let l = lookup(&f.head)?;
                    format!(
                        "**{}** ({})\n\n{}",
                        l.name,
                        l.cat.describe(),
                        ludeme_markdown(l)
                    )
                }
                HeadKind::Macro => macro_text(source, &read, &f.head)?,
            };
            Some(Hover {
                span: f.head_span,
                text,
            })
        }
        NodeKind::Named(named) if holds(named.key_span, at) => {
            let l = lookup(&parent_form?.head)?;
            let p = l.named(&named.key)?;
            Some(Hover {
                span: named.key_span,
                text: format!(
                    "`{}:` of `{}`: {}\n\nTakes {}.",
                    p.name,
                    l.name,
                    p.doc,
                    describe_ty(p.ty)
                ),
            })
        }
        NodeKind::Ident(word) => {
            let players: Vec<String> = read
                .declared(word)
                .iter()
                .filter(|(k, _)| *k == SymbolKind::Player)
                .map(|(_, span)| {
                    let (line, _) = source.line_col(span.start);
                    format!("player {word}, declared on line {line}")
                })
                .collect();
            let text = if players.is_empty() {
                constant_text(word)?
            } else {
                players.join("\n\n")
            };
            Some(Hover {
                span: node.span,
                text,
            })
        }
        NodeKind::Str(name) => {
            let found = read.declared(name);
            if found.is_empty() {
                return None;
            }
            let text = found
                .iter()
                .map(|(kind, span)| {
                    let (line, _) = source.line_col(span.start);
                    if *kind == SymbolKind::Define {
                        macro_text(source, &read, name).unwrap_or_default()
                    } else {
                        format!("{} \"{name}\", declared on line {line}", kind.word())
                    }
                })
                .collect::<Vec<_>>()
                .join("\n\n");
            Some(Hover {
                span: node.span,
                text,
            })
        }
        _ => None,
    }
}

/// A macro's definition, as written.
fn macro_text(source: &SourceFile, read: &Read, name: &str) -> Option<String> {
    let (_, _, form) = read.defines.iter().find(|(n, _, _)| n == name)?;
    let (line, _) = source.line_col(form.start);
    Some(format!(
        "macro \"{name}\", defined on line {line}:\n\n```lisp\n{}\n```",
        crate::diagnostics::clip_text(source.slice(*form), 2_000)
    ))
}

/// What a constant means: the sets of the catalogue that have it.
fn constant_text(word: &str) -> Option<String> {
    use crate::compile::ludemes as l;
    let fixed: [(&[&str], &str); 4] = [
        (l::TARGETS, "what the destination may hold: `Empty` (move only), `Enemy` (capture only), `NotFriend` (either), `EnPassant` (the square the opponent's last move passed over)"),
        (l::PLAYER_WORDS, "a player: `Mover` (the player moving; in `end` and `forbid`, the player who moved last), `Next` (the player to move), `Opponent` (the mover's opponent)"),
        (l::BOOLS, "a truth value"),
        (l::EVENTS, "an event"),
    ];
    let mut lines: Vec<String> = fixed
        .iter()
        .filter(|(set, _)| set.contains(&word))
        .map(|(_, what)| format!("`{word}`: {what}"))
        .collect();
    for ludeme in LUDEMES {
        for p in ludeme.params {
            if let Ty::Const(c) = p.ty {
                let line = format!("`{word}`: {} ({})", c.what, c.values.join(", "));
                if c.values.contains(&word) && !lines.contains(&line) {
                    lines.push(line);
                }
            }
        }
    }
    if lines.is_empty() && crate::compile::decls::looks_like_square(word) {
        lines.push(format!("`{word}`: a square (file letter, rank number)"));
    }
    (!lines.is_empty()).then(|| lines.join("\n\n"))
}
