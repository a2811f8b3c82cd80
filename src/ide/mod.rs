//! What an editor asks about a game file, answered from its syntax tree and
//! the ludeme catalogue (the same catalogue `lud doc` prints): the docs of
//! what is under the cursor ([`hover`]), what may be typed there
//! ([`complete`]), where a name is declared and used ([`definition`],
//! [`references`]), the file's outline ([`symbols`]) and its words by
//! what they are, for colouring ([`tokens`]). Every question
//! takes the text and a byte offset; a file with errors gets answers from
//! whatever could be read. `lud lsp` serves them to editors.

mod complete;
mod hover;
pub mod lines;
mod symbols;
mod tokens;

pub use complete::{complete, Completion, CompletionKind, Completions};
pub use hover::{hover, Hover};
pub use symbols::{
    definition, is_declared, references, rename_target, symbols, Symbol, SymbolKind,
};
pub use tokens::{tokens, Token, TokenKind};

use crate::compile::decls::Decls;
use crate::source::{SourceFile, Span};
use crate::syntax::ast::{Ast, Node, NodeKind};

/// A file read for the questions: its tree (macros not expanded, so that
/// every span is the file's own), its declarations and its macros.
struct Read {
    ast: Ast,
    decls: Decls,
    /// Each `(define "Name" ...)`: the name, where the name is written,
    /// and the whole form.
    defines: Vec<(String, Span, Span)>,
}

impl Read {
    fn new(source: &SourceFile) -> Read {
        let (ast, _) = crate::syntax::parse(source);
        let decls = ast
            .items
            .iter()
            .find(|n| n.as_form().is_some_and(|f| f.head == "game"))
            .map(Decls::collect)
            .unwrap_or_default();
        let defines = ast
            .items
            .iter()
            .filter_map(|n| {
                let f = n.as_form().filter(|f| f.head == "define")?;
                let name = f.args.first()?;
                Some((name.as_str()?.to_string(), name.span, n.span))
            })
            .collect();
        Read {
            ast,
            decls,
            defines,
        }
    }

    /// The nodes that hold `at`, outermost first.
    fn path(&self, at: usize) -> Vec<&Node> {
        let mut path = Vec::new();
        let mut level: &[Node] = &self.ast.items;
        loop {
            let Some(n) = level.iter().find(|n| holds(n.span, at)) else {
                return path;
            };
            path.push(n);
            level = match &n.kind {
                NodeKind::Form(f) => &f.args,
                NodeKind::List(items) => items,
                NodeKind::Named(named) => std::slice::from_ref(&named.value),
                _ => return path,
            };
        }
    }

    /// What a quoted name names: each declaration of it, as (what, where).
    fn declared(&self, name: &str) -> Vec<(SymbolKind, Span)> {
        let d = &self.decls;
        let kinds = [
            (SymbolKind::Piece, &d.pieces),
            (SymbolKind::Player, &d.players),
            (SymbolKind::Region, &d.regions),
        ];
        let mut out: Vec<(SymbolKind, Span)> = kinds
            .iter()
            .flat_map(|(k, list)| {
                list.iter()
                    .filter(|x| x.name == name)
                    .map(move |x| (*k, x.span))
            })
            .collect();
        out.extend(
            self.defines
                .iter()
                .filter(|(n, _, _)| n == name)
                .map(|(_, s, _)| (SymbolKind::Define, *s)),
        );
        out
    }
}

/// Whether `at` is in `span` or just after it (where the cursor stands
/// after typing it).
fn holds(span: Span, at: usize) -> bool {
    span.start as usize <= at && at <= span.end as usize
}

/// A quoted name's span without its quotes.
fn inside_quotes(span: Span) -> Span {
    if span.end > span.start + 1 {
        Span {
            start: span.start + 1,
            end: span.end - 1,
        }
    } else {
        span
    }
}
