//! Evaluating squares written in a file: `a1`, `{a1 h1}`, `"Region"`,
//! `(rank 2)`, `(lastRank)`.

use super::bind::{bind, forms_of};
use super::board::{Board, Dir};
use super::ludemes::{lookup, Cat};
use crate::syntax::ast::{Node, NodeKind};

/// What squares are evaluated against.
pub(crate) struct SiteCtx<'a> {
    /// The board.
    pub board: &'a Board,
    /// Named regions and the nodes that define their squares.
    pub regions: &'a [(String, &'a Node)],
    /// The forward direction of the player concerned, for `(lastRank)` and `(firstRank)`.
    pub forward: Option<Dir>,
}

/// The squares `n` stands for, in order, without repeats. Anything that
/// cannot be evaluated (already reported by the checks) gives no squares.
pub(crate) fn eval(n: &Node, ctx: &SiteCtx<'_>) -> Vec<u8> {
    let mut out = Vec::new();
    eval_into(n, ctx, 0, &mut out);
    let mut seen = vec![false; ctx.board.len()];
    out.retain(|&s| !std::mem::replace(&mut seen[s as usize], true));
    out
}

fn eval_into(n: &Node, ctx: &SiteCtx<'_>, depth: u32, out: &mut Vec<u8>) {
    if depth > 32 {
        return;
    }
    let b = ctx.board;
    match &n.kind {
        NodeKind::Ident(s) => out.extend(b.parse(s)),
        NodeKind::Str(name) => {
            if let Some((_, node)) = ctx.regions.iter().find(|(r, _)| r == name) {
                eval_into(node, ctx, depth + 1, out);
            }
        }
        NodeKind::List(items) => items.iter().for_each(|i| eval_into(i, ctx, depth + 1, out)),
        NodeKind::Form(f) => {
            let num = f.args.first().and_then(Node::as_int).unwrap_or(0);
            match f.head.as_str() {
                "rank" if num >= 1 => {
                    out.extend((0..b.width).filter_map(|x| b.at(x, num as u32 - 1)));
                }
                "file" if num >= 1 => {
                    out.extend((0..b.height).filter_map(|y| b.at(num as u32 - 1, y)));
                }
                "lastRank" | "firstRank" => {
                    if let Some(fwd) = ctx.forward {
                        let d = if f.head == "lastRank" {
                            fwd
                        } else {
                            fwd.opposite()
                        };
                        out.extend((0..b.len() as u8).filter(|&s| b.step(s, d).is_none()));
                    }
                }
                _ => {}
            }
        }
        _ => {}
    }
}

/// The `(region ...)` forms of a game, by name.
pub(crate) fn region_nodes(game: &Node) -> Vec<(String, &Node)> {
    forms_of(game, Cat::Region)
        .into_iter()
        .filter_map(|(f, _)| {
            let (b, _) = bind(f, lookup(&f.head)?);
            Some((b.one("name")?.as_str()?.to_string(), b.one("sites")?))
        })
        .collect()
}

/// The forward direction of the `i`-th player.
pub(crate) fn player_forward(game: &Node, i: usize) -> Option<Dir> {
    let (f, _) = *forms_of(game, Cat::Player).get(i)?;
    let (b, _) = bind(f, lookup(&f.head)?);
    Dir::from_name(b.one("forward")?.as_ident()?)
}
