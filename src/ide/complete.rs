//! What may be typed at the cursor. Read from the text before it, so that
//! it works in the half-typed file an editor has while one types.

use super::Read;
use crate::compile::ludemes::{self as cat, describe_ty, lookup, Ty, LUDEMES};
use crate::compile::reference::ludeme_markdown;
use crate::source::SourceFile;

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

/// What may be typed at byte `at`, starting with the word being typed there
/// (the word is replaced): after `(`, the ludemes and the file's macros;
/// inside quotes, the names the file declares; elsewhere in a form, its
/// named arguments and the constants its arguments take.
pub fn complete(source: &SourceFile, at: usize) -> Vec<Completion> {
    let text = source.text();
    let mut at = at.min(text.len());
    while !text.is_char_boundary(at) {
        at -= 1;
    }
    let before = &text[..at];
    let word_start = before
        .char_indices()
        .rev()
        .take_while(|&(_, c)| is_word(c))
        .last()
        .map_or(at, |(i, _)| i);
    let word = &before[word_start..];
    let prev = before[..word_start].chars().next_back();
    let read = Read::new(source);
    let mut out = Vec::new();
    if in_string(before) {
        let d = &read.decls;
        for (what, list) in [
            ("piece", &d.pieces),
            ("player", &d.players),
            ("region", &d.regions),
        ] {
            for x in list {
                out.push(Completion {
                    label: x.name.clone(),
                    kind: CompletionKind::Name,
                    detail: what.to_string(),
                    doc: String::new(),
                });
            }
        }
        for (name, _, _) in &read.defines {
            out.push(Completion {
                label: name.clone(),
                kind: CompletionKind::Macro,
                detail: "macro".to_string(),
                doc: String::new(),
            });
        }
    } else if prev == Some('(') {
        for l in LUDEMES {
            out.push(Completion {
                label: l.name.to_string(),
                kind: CompletionKind::Ludeme,
                detail: l.signature(),
                doc: ludeme_markdown(l),
            });
        }
    } else if let Some(l) = enclosing_head(&before[..word_start]).and_then(|h| lookup(&h)) {
        for p in l.params.iter().filter(|p| p.named) {
            out.push(Completion {
                label: format!("{}:", p.name),
                kind: CompletionKind::Key,
                detail: describe_ty(p.ty),
                doc: p.doc.to_string(),
            });
        }
        let mut words: Vec<(&str, String)> = Vec::new();
        for p in l.params {
            match p.ty {
                Ty::Const(c) => words.extend(c.values.iter().map(|v| (*v, c.what.to_string()))),
                Ty::Player => {
                    words.extend(
                        cat::PLAYER_WORDS
                            .iter()
                            .map(|v| (*v, "a player".to_string())),
                    );
                }
                Ty::Event => words.extend(cat::EVENTS.iter().map(|v| (*v, "an event".to_string()))),
                _ => {}
            }
        }
        for (w, what) in words {
            if !out.iter().any(|c| c.label == w) {
                out.push(Completion {
                    label: w.to_string(),
                    kind: CompletionKind::Constant,
                    detail: what,
                    doc: String::new(),
                });
            }
        }
    }
    out.retain(|c| c.label.starts_with(word));
    out
}

/// Whether a character belongs to a word being typed (a ludeme's name, a
/// key, a constant or a name in quotes).
fn is_word(c: char) -> bool {
    c.is_alphanumeric() || c == '_' || c == '-'
}

/// Whether the text ends inside a string: counts the quotes not escaped
/// and not in comments.
fn in_string(before: &str) -> bool {
    let mut inside = false;
    let mut chars = before.chars().peekable();
    while let Some(c) = chars.next() {
        match c {
            '\\' if inside => {
                chars.next();
            }
            '"' => inside = !inside,
            '/' if !inside && chars.peek() == Some(&'/') => {
                for c in chars.by_ref() {
                    if c == '\n' {
                        break;
                    }
                }
            }
            _ => {}
        }
    }
    inside
}

/// The head of the innermost form still open at the end of `before` (none
/// if a list is open inside it). Brackets in strings and comments are not
/// told apart: a guess is enough to offer words.
fn enclosing_head(before: &str) -> Option<String> {
    let mut depth = 0usize;
    for (i, b) in before.bytes().enumerate().rev() {
        match b {
            b')' | b'}' => depth += 1,
            b'(' | b'{' if depth > 0 => depth -= 1,
            b'{' => return None,
            b'(' => {
                let head: String = before[i + 1..]
                    .chars()
                    .take_while(|&c| !c.is_whitespace() && !"(){}".contains(c))
                    .collect();
                return (!head.is_empty()).then_some(head);
            }
            _ => {}
        }
    }
    None
}
