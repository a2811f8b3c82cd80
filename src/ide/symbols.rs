//! The file's outline, and where a name is declared and used.

use super::{holds, inside_quotes, Read};
use crate::source::{SourceFile, Span};
use crate::syntax::ast::{HeadKind, Node, NodeKind};

/// What a name of the outline is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SymbolKind {
    /// The `(game "Name" ...)` form.
    Game,
    /// A `(define "Name" ...)` macro.
    Define,
    /// A piece.
    Piece,
    /// A player.
    Player,
    /// A region.
    Region,
}

impl SymbolKind {
    /// The word for it: "piece".
    pub fn word(self) -> &'static str {
        match self {
            SymbolKind::Game => "game",
            SymbolKind::Define => "macro",
            SymbolKind::Piece => "piece",
            SymbolKind::Player => "player",
            SymbolKind::Region => "region",
        }
    }
}

/// One entry of the outline.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Symbol {
    /// The name.
    pub name: String,
    /// What it names.
    pub kind: SymbolKind,
    /// Where its name is written (quotes included).
    pub span: Span,
}

/// The outline: the game, its macros, and the pieces, players and regions
/// it declares, in the order of the file.
pub fn symbols(source: &SourceFile) -> Vec<Symbol> {
    let read = Read::new(source);
    let mut out = Vec::new();
    for n in &read.ast.items {
        if let Some(f) = n.as_form().filter(|f| f.head == "game") {
            if let Some(name) = f.args.first().filter(|a| a.as_str().is_some()) {
                out.push(Symbol {
                    name: name.as_str().unwrap_or_default().to_string(),
                    kind: SymbolKind::Game,
                    span: name.span,
                });
            }
        }
    }
    for (name, span, _) in &read.defines {
        out.push(Symbol {
            name: name.clone(),
            kind: SymbolKind::Define,
            span: *span,
        });
    }
    let d = &read.decls;
    for (kind, list) in [
        (SymbolKind::Piece, &d.pieces),
        (SymbolKind::Player, &d.players),
        (SymbolKind::Region, &d.regions),
    ] {
        out.extend(list.iter().map(|x| Symbol {
            name: x.name.clone(),
            kind,
            span: x.span,
        }));
    }
    out.sort_by_key(|s| s.span.start);
    out
}

/// The quoted name at `at` (a string or a macro use's head): the name and
/// where it is, quotes left out.
fn name_at(read: &Read, at: usize) -> Option<(String, Span)> {
    let path = read.path(at);
    let node = path.last()?;
    match &node.kind {
        NodeKind::Str(s) => Some((s.clone(), inside_quotes(node.span))),
        NodeKind::Form(f) if f.head_kind == HeadKind::Macro && holds(f.head_span, at) => {
            Some((f.head.clone(), inside_quotes(f.head_span)))
        }
        _ => None,
    }
}

/// Where the name at `at` is declared (a piece, player, region or macro
/// named in quotes): the declarations' spans, quotes left out.
pub fn definition(source: &SourceFile, at: usize) -> Vec<Span> {
    let read = Read::new(source);
    let Some((name, _)) = name_at(&read, at) else {
        return Vec::new();
    };
    read.declared(&name)
        .into_iter()
        .map(|(_, s)| inside_quotes(s))
        .collect()
}

/// Every place the declared name at `at` is written in quotes (its
/// declarations included, quotes left out), for renaming it; empty if the
/// name at `at` is not declared in the file.
pub fn references(source: &SourceFile, at: usize) -> Vec<Span> {
    let read = Read::new(source);
    let Some((name, _)) = name_at(&read, at) else {
        return Vec::new();
    };
    if read.declared(&name).is_empty() {
        return Vec::new();
    }
    let mut out = Vec::new();
    let mut stack: Vec<&Node> = read.ast.items.iter().collect();
    while let Some(n) = stack.pop() {
        match &n.kind {
            NodeKind::Str(s) if *s == name => out.push(inside_quotes(n.span)),
            NodeKind::Form(f) => {
                if f.head_kind == HeadKind::Macro && f.head == name {
                    out.push(inside_quotes(f.head_span));
                }
                stack.extend(&f.args);
            }
            NodeKind::List(items) => stack.extend(items),
            NodeKind::Named(named) => stack.push(&named.value),
            _ => {}
        }
    }
    out.sort();
    out.dedup();
    out
}
