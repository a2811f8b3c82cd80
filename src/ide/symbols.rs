//! The file's outline, and where a name is declared and used.

use super::{holds, inside_quotes, Read};
use crate::compile::bind::{ludeme_of, walk};
use crate::compile::ludemes::{Cat, Ty};
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

/// The declared name at `at`: a quoted piece, region or macro name, a
/// macro use's head, or a player's name (bare, but quoted where it is
/// declared); the name and where it is, quotes left out.
fn name_at(read: &Read, at: usize) -> Option<(String, Span)> {
    let path = read.path(at);
    let node = path.last()?;
    let declared = |name: &str, player: bool| {
        read.declared(name)
            .iter()
            .any(|(k, span)| (*k == SymbolKind::Player) == player || *span == node.span)
    };
    match &node.kind {
        NodeKind::Str(s) if declared(s, false) => Some((s.clone(), inside_quotes(node.span))),
        NodeKind::Ident(s) if declared(s, true) => Some((s.clone(), node.span)),
        NodeKind::Form(f)
            if f.head_kind == HeadKind::Macro
                && holds(f.head_span, at)
                && declared(&f.head, false) =>
        {
            Some((f.head.clone(), inside_quotes(f.head_span)))
        }
        _ => None,
    }
}

/// Where the name at `at` is declared (a piece, player, region or macro):
/// the declarations' spans, quotes left out.
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

/// The name at `at` if it is one the file declares, and where it is
/// written there (quotes left out): what a rename starts from.
/// Whether it is a player's (a player's name is written bare, so its new
/// name must be a word).
pub fn rename_target(source: &SourceFile, at: usize) -> Option<(Span, SymbolKind)> {
    let read = Read::new(source);
    let (name, span) = name_at(&read, at)?;
    let kinds = read.declared(&name);
    let bare = (span.start as usize)
        .checked_sub(1)
        .and_then(|i| source.text().as_bytes().get(i))
        != Some(&b'"');
    let player = kinds.iter().any(|(k, _)| *k == SymbolKind::Player)
        && (bare || kinds.iter().all(|(k, _)| *k == SymbolKind::Player));
    let kind = if player {
        SymbolKind::Player
    } else {
        kinds
            .iter()
            .map(|(k, _)| *k)
            .find(|k| *k != SymbolKind::Player)?
    };
    Some((span, kind))
}

/// Whether the file already declares `name` (as anything).
pub fn is_declared(source: &SourceFile, name: &str) -> bool {
    !Read::new(source).declared(name).is_empty()
}

/// Every place the declared name at `at` is written as that name (quotes
/// left out): its declarations, and the arguments that take a name of its
/// kind (a piece's where pieces are named, a region's where squares are, a
/// player's where players are, a macro's uses). Strings that merely hold
/// the same text (the reason a game ends, descriptions) are left alone.
/// Empty if the name at `at` is not declared in the file.
pub fn references(source: &SourceFile, at: usize) -> Vec<Span> {
    let read = Read::new(source);
    let Some((name, _)) = name_at(&read, at) else {
        return Vec::new();
    };
    let kinds: Vec<SymbolKind> = read.declared(&name).iter().map(|(k, _)| *k).collect();
    let mut out: Vec<Span> = read
        .declared(&name)
        .into_iter()
        .map(|(_, s)| inside_quotes(s))
        .collect();
    let takes = |ty: Ty, ident: bool| match ty {
        Ty::PieceName | Ty::Kind => !ident && kinds.contains(&SymbolKind::Piece),
        Ty::Sites => !ident && kinds.contains(&SymbolKind::Region),
        Ty::Player => ident && kinds.contains(&SymbolKind::Player),
        // Arguments of a macro's use: whatever the macro makes of them.
        Ty::Any => {
            if ident {
                kinds.contains(&SymbolKind::Player)
            } else {
                kinds.iter().any(|k| *k != SymbolKind::Player)
            }
        }
        _ => false,
    };
    let mut visit = |n: &Node, ty: Ty| match &n.kind {
        NodeKind::Str(s) if *s == name && takes(ty, false) => out.push(inside_quotes(n.span)),
        NodeKind::Ident(s) if *s == name && takes(ty, true) => out.push(n.span),
        NodeKind::Form(f)
            if f.head_kind == HeadKind::Macro
                && f.head == name
                && kinds.contains(&SymbolKind::Define) =>
        {
            out.push(inside_quotes(f.head_span));
        }
        _ => {}
    };
    // The game is walked with the type each argument takes. What no ludeme
    // binds (a macro's use or body, a list the walk does not open) is
    // walked again as `Ty::Any`.
    let mut work: Vec<(&Node, Ty)> = read
        .ast
        .items
        .iter()
        .map(|n| {
            let game = n.as_form().is_some_and(|f| f.head == "game");
            (n, if game { Ty::Of(&[Cat::Game]) } else { Ty::Any })
        })
        .collect();
    while let Some((n, ty)) = work.pop() {
        let mut more: Vec<&Node> = Vec::new();
        walk(n, ty, &mut |m, t| {
            visit(m, t);
            match &m.kind {
                NodeKind::Form(f) if ludeme_of(f).is_none() => more.extend(&f.args),
                NodeKind::List(items) if t != Ty::Sites => more.extend(items),
                NodeKind::Named(named) => more.push(&named.value),
                _ => {}
            }
        });
        work.extend(more.into_iter().map(|m| (m, Ty::Any)));
    }
    out.sort();
    out.dedup();
    out
}
