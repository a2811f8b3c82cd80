//! The file's words by what they are, for an editor to colour: ludemes,
//! macros, named arguments, constants, squares, strings, numbers and
//! comments, read from the syntax tree (so a word is coloured by what the
//! parser made of it, not by a guess from its letters).

use super::Read;
use crate::compile::ludemes::lookup;
use crate::source::{SourceFile, Span};
use crate::syntax::ast::{HeadKind, Node, NodeKind};

/// What a word is, for colouring.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum TokenKind {
    /// A ludeme's name at the head of its form (or an operator).
    Ludeme,
    /// A macro's name where it is used or defined.
    Macro,
    /// `key:` of a named argument.
    Key,
    /// Another bare word: a constant (`Forward`, `Mover`), a player, a
    /// square (`e4`).
    Word,
    /// `#1` in a macro's body.
    Param,
    /// A string.
    Str,
    /// A number.
    Number,
    /// A comment.
    Comment,
}

/// One coloured word.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Token {
    /// Where it is.
    pub span: Span,
    /// What it is.
    pub kind: TokenKind,
}

/// Every word of the file that has a colour, in the order of the file.
pub fn tokens(source: &SourceFile) -> Vec<Token> {
    let read = Read::new(source);
    let mut out: Vec<Token> = read
        .ast
        .comments
        .iter()
        .map(|c| Token {
            span: c.span,
            kind: TokenKind::Comment,
        })
        .collect();
    let mut stack: Vec<&Node> = read.ast.items.iter().collect();
    while let Some(n) = stack.pop() {
        let kind = match &n.kind {
            NodeKind::Form(f) => {
                let kind = match f.head_kind {
                    HeadKind::Macro => TokenKind::Macro,
                    HeadKind::Ludeme | HeadKind::Operator
                        if lookup(&f.head).is_some() || f.head == "define" =>
                    {
                        TokenKind::Ludeme
                    }
                    _ => TokenKind::Word,
                };
                out.push(Token {
                    span: f.head_span,
                    kind,
                });
                if f.head == "define" {
                    if let Some(name) = f.args.first().filter(|a| a.as_str().is_some()) {
                        out.push(Token {
                            span: name.span,
                            kind: TokenKind::Macro,
                        });
                        stack.extend(f.args.iter().skip(1));
                        continue;
                    }
                }
                stack.extend(&f.args);
                continue;
            }
            NodeKind::List(items) => {
                stack.extend(items);
                continue;
            }
            NodeKind::Named(named) => {
                out.push(Token {
                    span: named.key_span,
                    kind: TokenKind::Key,
                });
                stack.push(&named.value);
                continue;
            }
            NodeKind::Str(_) => TokenKind::Str,
            NodeKind::Int(_) | NodeKind::Dec(_) => TokenKind::Number,
            NodeKind::Ident(_) => TokenKind::Word,
            NodeKind::Param(_) => TokenKind::Param,
            NodeKind::Error => continue,
        };
        out.push(Token { span: n.span, kind });
    }
    out.sort_by_key(|t| (t.span.start, t.span.end));
    out.dedup_by_key(|t| t.span.start);
    out
}
