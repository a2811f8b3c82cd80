//! What may be typed at the cursor. Read from the text before it, so that
//! it works in the half-typed file an editor has while one types.

use super::Read;
use crate::compile::ludemes::{self as cat, describe_ty, lookup, Ty, LUDEMES};
use crate::compile::reference::ludeme_markdown;
use crate::source::{SourceFile, Span};

/// What a completion inserts.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum CompletionKind {
    /// A ludeme's name, after `(`.
    Ludeme,
    /// A macro's name, after `("`... or `(`.
    Macro,
    /// A named argument of the form the cursor is in: `key:`.
    Key,
    /// A constant the form's arguments take.
    Constant,
    /// A name the file declares (a piece, player or region), in quotes.
    Name,
}

/// One completion.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Completion {
    /// What is inserted in place of the word being typed.
    pub label: String,
    /// What it is.
    pub kind: CompletionKind,
    /// One line: a signature, a type, or what a name is.
    pub detail: String,
    /// Markdown docs (may be empty).
    pub doc: String,
}

/// What may be typed at a place, and the text it replaces.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Completions {
    /// The text being typed, which a completion replaces (inside quotes:
    /// from the opening quote on).
    pub replace: Span,
    /// The completions whose label starts with that text.
    pub items: Vec<Completion>,
}

/// What may be typed at byte `at`: after `(`, the ludemes and the file's
/// macros (as `"Name"`); after `("`, the macros; inside other quotes, the
/// pieces and regions the file declares; after `key:`, what that argument
/// takes; elsewhere in a form, its named arguments and the constants (and
/// players) its arguments take; in a list, the constants its form takes.
pub fn complete(source: &SourceFile, at: usize) -> Completions {
    let text = source.text();
    let mut at = at.min(text.len());
    while !text.is_char_boundary(at) {
        at -= 1;
    }
    let before = &text[..at];
    let read = Read::new(source);
    let mut out = Vec::new();
    if let Some(quote) = open_quote(before) {
        let word = &before[quote + 1..];
        if before[..quote].ends_with('(') {
            macros(&read, &mut out, false);
        } else {
            let d = &read.decls;
            for (what, list) in [("piece", &d.pieces), ("region", &d.regions)] {
                for x in list {
                    out.push(item(&x.name, CompletionKind::Name, what, ""));
                }
            }
        }
        out.retain(|c| c.label.starts_with(word));
        for c in &mut out {
            c.label = c.label.replace('\\', "\\\\").replace('"', "\\\"");
        }
        return Completions {
            replace: Span::new(quote + 1, at),
            items: out,
        };
    }
    let word_start = before
        .char_indices()
        .rev()
        .take_while(|&(_, c)| is_word(c))
        .last()
        .map_or(at, |(i, _)| i);
    let word = &before[word_start..];
    let replace = Span::new(word_start, at);
    let head = &before[..word_start];
    if head.ends_with('"') {
        // A string just closed: nothing to offer.
        return Completions {
            replace,
            items: out,
        };
    }
    if head.ends_with('(') {
        for l in LUDEMES {
            out.push(item(
                l.name,
                CompletionKind::Ludeme,
                &l.signature(),
                &ludeme_markdown(l),
            ));
        }
        macros(&read, &mut out, true);
    } else if let Some((form, in_list)) = enclosing_head(head) {
        if let Some(l) = lookup(&form) {
            let key = head
                .strip_suffix(':')
                .map(|h| &h[h.trim_end_matches(|c: char| is_word(c)).len()..]);
            let params: Vec<_> = match key {
                Some(k) => l.named(k).into_iter().collect(),
                None => l.params.iter().collect(),
            };
            if key.is_none() && !in_list {
                for p in params.iter().filter(|p| p.named) {
                    out.push(item(
                        &format!("{}:", p.name),
                        CompletionKind::Key,
                        &describe_ty(p.ty),
                        p.doc,
                    ));
                }
            }
            for p in params {
                match p.ty {
                    Ty::Const(c) => {
                        for v in c.values {
                            out.push(item(v, CompletionKind::Constant, c.what, ""));
                        }
                    }
                    Ty::Player => {
                        for v in cat::PLAYER_WORDS {
                            out.push(item(v, CompletionKind::Constant, "a player", ""));
                        }
                        for x in &read.decls.players {
                            out.push(item(&x.name, CompletionKind::Name, "player", ""));
                        }
                    }
                    Ty::Event => {
                        for v in cat::EVENTS {
                            out.push(item(v, CompletionKind::Constant, "an event", ""));
                        }
                    }
                    _ => {}
                }
            }
        }
    }
    let mut seen = std::collections::HashSet::new();
    out.retain(|c| c.label.starts_with(word) && seen.insert(c.label.clone()));
    Completions {
        replace,
        items: out,
    }
}

fn item(label: &str, kind: CompletionKind, detail: &str, doc: &str) -> Completion {
    Completion {
        label: label.to_string(),
        kind,
        detail: detail.to_string(),
        doc: doc.to_string(),
    }
}

/// The file's macros, each `"Name"` (in quotes where `quoted`).
fn macros(read: &Read, out: &mut Vec<Completion>, quoted: bool) {
    for (name, _, _) in &read.defines {
        let label = if quoted {
            format!("\"{name}\"")
        } else {
            name.clone()
        };
        out.push(item(&label, CompletionKind::Macro, "macro", ""));
    }
}

/// Whether a character belongs to a word being typed (a ludeme's name, a
/// key, a constant or a name in quotes).
fn is_word(c: char) -> bool {
    c.is_alphanumeric() || c == '_' || c == '-'
}

/// Where the string the text ends inside opens (its quote), if it does:
/// quotes are counted outside comments, escapes skipped; a string ends at
/// the end of its line, as the grammar has it.
fn open_quote(before: &str) -> Option<usize> {
    let mut open = None;
    let mut chars = before.char_indices().peekable();
    while let Some((i, c)) = chars.next() {
        match c {
            '\\' if open.is_some() => {
                chars.next();
            }
            '\n' => open = None,
            '"' => open = if open.is_some() { None } else { Some(i) },
            '/' if open.is_none() && chars.peek().is_some_and(|&(_, c)| c == '/') => {
                while chars.next_if(|&(_, c)| c != '\n').is_some() {}
            }
            '/' if open.is_none() && chars.peek().is_some_and(|&(_, c)| c == '*') => {
                chars.next();
                let mut star = false;
                for (_, c) in chars.by_ref() {
                    if star && c == '/' {
                        break;
                    }
                    star = c == '*';
                }
            }
            _ => {}
        }
    }
    open
}

/// The head of the innermost form still open at the end of `before`, and
/// whether a list is open inside it. Brackets in strings and comments are
/// not told apart: a guess is enough to offer words.
fn enclosing_head(before: &str) -> Option<(String, bool)> {
    let mut depth = 0usize;
    let mut in_list = false;
    for (i, b) in before.bytes().enumerate().rev() {
        match b {
            b')' | b'}' => depth += 1,
            b'(' | b'{' if depth > 0 => depth -= 1,
            b'{' => in_list = true,
            b'(' => {
                let head: String = before[i + 1..]
                    .chars()
                    .take_while(|&c| !c.is_whitespace() && !"(){}".contains(c))
                    .collect();
                return (!head.is_empty()).then_some((head, in_list));
            }
            _ => {}
        }
    }
    None
}
