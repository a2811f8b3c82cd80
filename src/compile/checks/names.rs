//! Every name is declared once, and every use of a piece, player or region
//! name refers to a declaration.

use std::collections::HashMap;

use crate::compile::bind::walk;
use crate::compile::decls::{looks_like_square, Decl, Decls};
use crate::compile::ludemes::{Cat, Ty, PLAYER_WORDS};
use crate::diagnostics::{
    suggest, DuplicateDefinition, Problem, UndefinedPiece, UndefinedPlayer, UndefinedRegion,
};
use crate::syntax::ast::{Node, NodeKind};

pub(super) fn check(game: &Node, decls: &Decls, out: &mut Vec<Problem>) {
    duplicates(&decls.pieces, "piece", out);
    duplicates(&decls.players, "player", out);
    duplicates(&decls.regions, "region", out);
    for p in &decls.players {
        if PLAYER_WORDS.contains(&p.name.as_str()) {
            out.push(
                DuplicateDefinition::new(p.span, "player", p.name.clone()).help(format!(
                    "`{}` already means a player in every game; choose another name",
                    p.name
                )),
            );
        }
    }
    walk(game, Ty::Of(&[Cat::Game]), &mut |n, ty| {
        use_of(n, ty, decls, out);
    });
}

fn duplicates(list: &[Decl], what: &str, out: &mut Vec<Problem>) {
    let mut seen: HashMap<&str, &Decl> = HashMap::new();
    for d in list {
        if let Some(first) = seen.get(d.name.as_str()) {
            out.push(
                DuplicateDefinition::new(d.span, what, d.name.clone())
                    .note(first.span, "first defined here")
                    .help(format!("give each {what} its own name")),
            );
        } else {
            seen.insert(&d.name, d);
        }
    }
}

fn use_of(n: &Node, ty: Ty, decls: &Decls, out: &mut Vec<Problem>) {
    match (&n.kind, ty) {
        (NodeKind::Str(s), Ty::PieceName | Ty::Kind) if decls.piece(s).is_none() => {
            out.push(
                UndefinedPiece::new(n.span, s.clone())
                    .origin(n.origin.as_ref())
                    .maybe_help(
                        suggest(s, decls.pieces.iter().map(|p| p.name.as_str()))
                            .or_else(|| Some(format!("the pieces are {}", names(&decls.pieces)))),
                    ),
            );
        }
        // Without a players section every name would be unknown: that one
        // missing section is reported, not each use.
        (NodeKind::Ident(s), Ty::Player)
            if !decls.players.is_empty()
                && decls.player(s).is_none()
                && !PLAYER_WORDS.contains(&s.as_str()) =>
        {
            let all: Vec<&str> = PLAYER_WORDS
                .iter()
                .copied()
                .chain(decls.players.iter().map(|p| p.name.as_str()))
                .collect();
            out.push(
                UndefinedPlayer::new(n.span, s.clone())
                    .origin(n.origin.as_ref())
                    .maybe_help(
                        suggest(s, all.iter().copied())
                            .or_else(|| Some(format!("a player is one of `{}`", all.join("`, `")))),
                    ),
            );
        }
        (NodeKind::Str(s), Ty::Sites) if decls.region(s).is_none() => {
            let help = if looks_like_square(s) {
                Some(format!("square names are written without quotes: {s}"))
            } else if decls.macros.contains(s) {
                Some(format!(
                    "\"{s}\" is a macro (a define), not a region: a macro is used in brackets, `(\"{s}\")`"
                ))
            } else {
                suggest(s, decls.regions.iter().map(|p| p.name.as_str())).or_else(|| {
                    Some(if decls.regions.is_empty() {
                        "define it with `(region \"Name\" {a1 b1})` in the equipment".into()
                    } else {
                        format!("the regions are {}", names(&decls.regions))
                    })
                })
            };
            out.push(
                UndefinedRegion::new(n.span, s.clone())
                    .origin(n.origin.as_ref())
                    .maybe_help(help),
            );
        }
        _ => {}
    }
}

/// The names, for a help line: at most ten, then how many more.
fn names(list: &[Decl]) -> String {
    const SHOWN: usize = 10;
    let shown = list
        .iter()
        .take(SHOWN)
        .map(|d| format!("\"{}\"", d.name))
        .collect::<Vec<_>>()
        .join(", ");
    if list.len() > SHOWN {
        format!("{shown} and {} more", list.len() - SHOWN)
    } else {
        shown
    }
}
