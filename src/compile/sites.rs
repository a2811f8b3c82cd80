//! Evaluating squares written in a file: `a1`, `{a1 h1}`, `"Region"`,
//! `(rank 2)`, `(lastRank)`, `(half Opponent)`, `(union ...)`.
//!
//! Squares that depend on a player (`(lastRank)`, `(ownRank 2)`, `(half P)`,
//! `(startOf "King" P)`) are evaluated for a given mover; `Mover` is that
//! player, `Next` and `Opponent` the other one.

use crate::compile::board::Sq;
use std::collections::HashMap;

use super::bind::{bind, forms_of};
use super::board::{Board, Dir};
use super::ludemes::{lookup, Cat};
use super::model::Placement;
use crate::syntax::ast::{Node, NodeKind};

/// What squares are evaluated against.
pub(crate) struct SiteCtx<'a> {
    /// The board.
    pub board: &'a Board,
    /// Named regions and the nodes that define their squares.
    pub regions: &'a Regions<'a>,
    /// Players' names and forward directions.
    pub players: &'a [(String, Dir)],
    /// The player the squares are for (`None` where no player is meant).
    pub mover: Option<usize>,
    /// Piece names, and the start position (for `startOf`), if known yet.
    pub pieces: &'a [String],
    /// The start position, if known yet.
    pub start: Option<&'a [Placement]>,
}

impl SiteCtx<'_> {
    fn forward(&self, player: usize) -> Option<Dir> {
        self.players.get(player).map(|p| p.1)
    }

    /// The player a player word means here.
    fn player(&self, n: &Node) -> Option<usize> {
        let mover = self.mover?;
        let other = if self.players.len() > 1 {
            1 - mover.min(1)
        } else {
            0
        };
        match n.as_ident()? {
            "Mover" => Some(mover),
            "Next" | "Opponent" => Some(other),
            name => self.players.iter().position(|p| p.0 == name),
        }
    }
}

/// The squares `n` stands for, in order, without repeats. Anything that
/// cannot be evaluated (already reported by the checks) gives no squares.
pub(crate) fn eval(n: &Node, ctx: &SiteCtx<'_>) -> Vec<Sq> {
    let mut out = Vec::new();
    eval_into(n, ctx, &mut HashMap::new(), &mut out);
    let mut seen = vec![false; ctx.board.len()];
    out.retain(|&s| ctx.board.is_present(s) && !std::mem::replace(&mut seen[s as usize], true));
    out
}

/// `eval` for each player as the mover.
pub(crate) fn per_player(n: &Node, ctx: &SiteCtx<'_>) -> Vec<Vec<Sq>> {
    (0..ctx.players.len())
        .map(|p| {
            let c = SiteCtx {
                mover: Some(p),
                ..*ctx
            };
            eval(n, &c)
        })
        .collect()
}

/// Squares whose distance from the player's back edge, counted along the
/// player's forward direction, is `k` (0 for the first rank).
fn own_rank(b: &Board, fwd: Dir, k: u32) -> Vec<Sq> {
    (0..b.len() as Sq)
        .filter(|&s| {
            b.walk(s, fwd.opposite(), k).is_some() && b.walk(s, fwd.opposite(), k + 1).is_none()
        })
        .collect()
}

/// `regions` holds each region's squares once found (in this evaluation,
/// for this mover), so that regions naming one another many times are each
/// evaluated once; a region met again while it is being evaluated (regions
/// that name each other in a ring) adds nothing more.
fn eval_into(
    n: &Node,
    ctx: &SiteCtx<'_>,
    regions: &mut HashMap<usize, Vec<Sq>>,
    out: &mut Vec<Sq>,
) {
    let b = ctx.board;
    match &n.kind {
        NodeKind::Ident(s) => out.extend(b.parse(s)),
        NodeKind::Str(name) => {
            if let Some(i) = ctx.regions.index_of(name) {
                if let Some(done) = regions.get(&i) {
                    out.extend_from_slice(done);
                } else {
                    regions.insert(i, Vec::new()); // being evaluated
                    let mut own = Vec::new();
                    eval_into(ctx.regions.list[i].1, ctx, regions, &mut own);
                    let mut seen = vec![false; ctx.board.len()];
                    own.retain(|&s| !std::mem::replace(&mut seen[s as usize], true));
                    out.extend_from_slice(&own);
                    regions.insert(i, own);
                }
            }
        }
        NodeKind::List(items) => items.iter().for_each(|i| eval_into(i, ctx, regions, out)),
        NodeKind::Form(f) => {
            let num = f.args.first().and_then(Node::as_int).unwrap_or(0);
            let mut sub = |i: usize| -> Vec<Sq> {
                f.args.get(i).map_or_else(Vec::new, |x| {
                    let mut v = Vec::new();
                    eval_into(x, ctx, regions, &mut v);
                    v
                })
            };
            match f.head.as_str() {
                "rank" if num >= 1 => {
                    out.extend((0..b.width).filter_map(|x| b.at(x, num as u32 - 1)));
                }
                "file" if num >= 1 => {
                    out.extend((0..b.height).filter_map(|y| b.at(num as u32 - 1, y)));
                }
                "ownRank" if num >= 1 => {
                    if let Some(fwd) = ctx.mover.and_then(|m| ctx.forward(m)) {
                        out.extend(own_rank(b, fwd, num as u32 - 1));
                    }
                }
                "lastRank" | "firstRank" => {
                    if let Some(fwd) = ctx.mover.and_then(|m| ctx.forward(m)) {
                        let d = if f.head == "lastRank" {
                            fwd
                        } else {
                            fwd.opposite()
                        };
                        out.extend((0..b.len() as Sq).filter(|&s| b.step(s, d).is_none()));
                    }
                }
                "half" => {
                    let p = f.args.first().and_then(|x| ctx.player(x));
                    if let Some(fwd) = p.and_then(|p| ctx.forward(p)) {
                        let depth_of_board = (0..b.len() as Sq)
                            .map(|s| b.ray(s, fwd).len() as u32)
                            .max()
                            .unwrap_or(0)
                            + 1;
                        for k in 0..depth_of_board / 2 {
                            out.extend(own_rank(b, fwd, k));
                        }
                    }
                }
                "startOf" => {
                    let piece = f.args.first().and_then(Node::as_str);
                    let p = f.args.get(1).and_then(|x| ctx.player(x));
                    if let (Some(piece), Some(p), Some(start)) = (piece, p, ctx.start) {
                        if let Some(k) = ctx.pieces.iter().position(|x| x == piece) {
                            out.extend(
                                start
                                    .iter()
                                    .filter(|pl| pl.piece as usize == k && pl.player as usize == p)
                                    .map(|pl| pl.sq),
                            );
                        }
                    }
                }
                "everywhere" => out.extend(0..b.len() as Sq),
                "sameFile" => {
                    let files: Vec<u32> = sub(0).iter().map(|&s| b.cell(s).x).collect();
                    out.extend((0..b.len() as Sq).filter(|&s| files.contains(&b.cell(s).x)));
                }
                "union" => {
                    for i in 0..f.args.len() {
                        out.extend(sub(i));
                    }
                }
                "intersection" => {
                    let mut acc = sub(0);
                    for i in 1..f.args.len() {
                        let other = sub(i);
                        acc.retain(|s| other.contains(s));
                    }
                    out.extend(acc);
                }
                "difference" => {
                    let mut acc = sub(0);
                    let minus = sub(1);
                    acc.retain(|s| !minus.contains(s));
                    out.extend(acc);
                }
                _ => {}
            }
        }
        _ => {}
    }
}

/// The named regions of a game, in order, each found by its name in a hash
/// map (the first of a name, if it is defined twice).
#[derive(Debug, Default)]
pub(crate) struct Regions<'a> {
    list: Vec<(String, &'a Node)>,
    index: HashMap<String, usize>,
}

impl<'a> Regions<'a> {
    /// Each region's name and the node that defines its squares, in order.
    pub(crate) fn iter(&self) -> std::slice::Iter<'_, (String, &'a Node)> {
        self.list.iter()
    }

    /// The index of the region `name`.
    pub(crate) fn index_of(&self, name: &str) -> Option<usize> {
        self.index.get(name).copied()
    }
}

/// The `(region ...)` forms of a game, by name.
pub(crate) fn region_nodes(game: &Node) -> Regions<'_> {
    let list: Vec<(String, &Node)> = forms_of(game, Cat::Region)
        .into_iter()
        .filter_map(|(f, _)| {
            let (b, _) = bind(f, lookup(&f.head)?);
            Some((b.one("name")?.as_str()?.to_string(), b.one("sites")?))
        })
        .collect();
    let mut index = HashMap::new();
    for (i, (name, _)) in list.iter().enumerate() {
        index.entry(name.clone()).or_insert(i);
    }
    Regions { list, index }
}

/// Every player's name and forward direction, in turn order.
pub(crate) fn players(game: &Node) -> Vec<(String, Dir)> {
    forms_of(game, Cat::Player)
        .into_iter()
        .filter_map(|(f, _)| {
            let (b, _) = bind(f, lookup(&f.head)?);
            Some((
                b.one("name")?.as_str()?.to_string(),
                Dir::from_name(b.one("forward")?.as_ident()?).unwrap_or(Dir(0)),
            ))
        })
        .collect()
}
