//! Pieces and rules that can never act, found by reachability:
//! - `lud::lint::piece_never_appears`: on the rule graph, no path leads to
//!   the piece from the pieces placed at the start (a promotion's `becomes`
//!   edge is the only other way onto the board);
//! - `lud::lint::piece_never_moves`: the piece has no move rule, or none that
//!   fits anywhere it can stand;
//! - `lud::lint::unreachable_rule`: on the board graph of the piece's own
//!   moves (an empty board, so an upper bound on where it can go), a move
//!   rule that starts from no square the piece can stand on, or a promotion
//!   whose squares the piece never enters.

use petgraph::graph::{DiGraph, NodeIndex};
use petgraph::visit::{Bfs, Dfs};

use crate::compile::decls::Decls;
use crate::compile::graph::RuleNode;
use crate::compile::model::{Effect, MoveKind};
use crate::diagnostics::{PieceNeverAppears, PieceNeverMoves, Problem, UnreachableRule};
use crate::game::Game;

pub(super) fn check(decls: &Decls, game: &Game, out: &mut Vec<Problem>) {
    let model = game.model();
    let rules = game.graph();
    let name_span = |name: &str| decls.pieces.iter().find(|d| d.name == name).map(|d| d.span);

    // On the rule graph: the pieces reachable from those placed at the start.
    let mut placed = vec![false; model.pieces.len()];
    for pl in &model.start {
        placed[usize::from(pl.piece)] = true;
    }
    // Kinds a player puts down (`drop`): on the board without moving there.
    let mut dropped = vec![false; model.pieces.len()];
    for m in &model.moves {
        if let Some(piece) = m.put.or(match m.kind {
            MoveKind::Drop { piece, .. } => Some(piece),
            _ => None,
        }) {
            dropped[piece] = true;
            placed[piece] = true;
        }
    }
    // Kinds other pieces are turned into (`transform`), after a move or a
    // promotion.
    let promotions = model.pieces.iter().flat_map(|p| &p.promotions);
    let effects = model
        .moves
        .iter()
        .flat_map(|m| &m.effects)
        .chain(promotions.flat_map(|p| &p.effects));
    for e in effects {
        if let Effect::Transform(_, k) = e {
            dropped[*k] = true;
            placed[*k] = true;
        }
    }
    let mut appears = vec![false; model.pieces.len()];
    let mut by_promotion = vec![false; model.pieces.len()];
    for (k, _) in placed.iter().enumerate().filter(|(_, &p)| p) {
        let mut dfs = Dfs::new(&rules.graph, rules.pieces[k]);
        while let Some(n) = dfs.next(&rules.graph) {
            if let RuleNode::Piece(j, _) = &rules.graph[n] {
                appears[*j] = true;
                if !placed[*j] || dropped[*j] {
                    by_promotion[*j] = true;
                }
            }
        }
    }

    let start = game.start();
    let n = model.board.len();
    for (k, piece) in model.pieces.iter().enumerate() {
        let Some(span) = name_span(&piece.name) else {
            continue;
        };
        if !appears[k] {
            out.push(
                PieceNeverAppears::new(span, piece.name.clone()).help(format!(
                    "place it with `{}` in `(start ...)`, make a promotion turn a piece into it, or remove it",
                    placement(game, &piece.name)
                )),
            );
            continue;
        }
        let rules_of: Vec<usize> = (0..model.moves.len())
            .filter(|&m| {
                model.moves[m].piece == Some(k)
                    && !matches!(model.moves[m].kind, MoveKind::Remove(_))
            })
            .collect();
        if rules_of.is_empty() && dropped[k] {
            // Put down and left there, as in games of placement.
            continue;
        }
        if rules_of.is_empty() {
            out.push(
                PieceNeverMoves::new(span, piece.name.clone(), "it has no move rule")
                    .help("give it a move such as `(step All)` or `(slide Orthogonal)`"),
            );
            continue;
        }

        // For each player, the squares the piece can stand on (from where it
        // starts, or anywhere if a promotion can make one), the squares it can
        // move into, and the rules that can fire somewhere.
        let mut fires = vec![false; model.moves.len()];
        let mut entered_by = Vec::new();
        for p in 0..model.players.len() {
            let mut board: DiGraph<(), ()> = DiGraph::with_capacity(n + 1, n * 8);
            let nodes: Vec<NodeIndex> = (0..=n).map(|_| board.add_node(())).collect();
            let source = nodes[n];
            let mut any_start = false;
            for (sq, &node) in nodes.iter().enumerate().take(n) {
                if by_promotion[k] || start.piece_at(sq) == Some((k, p)) {
                    board.add_edge(source, node, ());
                    any_start = true;
                }
            }
            if !any_start {
                entered_by.push(Vec::new());
                continue;
            }
            let mut reach_from: Vec<Vec<(usize, Vec<usize>)>> = vec![Vec::new(); n];
            for sq in 0..n {
                for &m in &rules_of {
                    let to = game.reach_on_empty_board(p, m, sq);
                    for &t in &to {
                        board.add_edge(nodes[sq], nodes[t], ());
                    }
                    reach_from[sq].push((m, to));
                }
            }
            let mut entered = vec![false; n];
            let mut bfs = Bfs::new(&board, source);
            while let Some(v) = bfs.next(&board) {
                let sq = v.index();
                if sq == n {
                    continue;
                }
                for (m, to) in &reach_from[sq] {
                    if !to.is_empty() {
                        fires[*m] = true;
                    }
                    for &t in to {
                        entered[t] = true;
                    }
                }
            }
            entered_by.push(entered);
        }
        let fired: Vec<usize> = rules_of.iter().copied().filter(|&m| fires[m]).collect();
        if fired.is_empty() {
            out.push(
                PieceNeverMoves::new(
                    span,
                    piece.name.clone(),
                    "none of its moves can be made from any square it can stand on",
                )
                .help("check the distances and directions of its moves against the board, and the squares its moves start from"),
            );
            continue;
        }
        for &m in &rules_of {
            if fires[m] {
                continue;
            }
            let md = &model.moves[m];
            let reason = if md.from.is_some() {
                "the piece never stands on a square this move starts from"
            } else {
                "from every square the piece can stand on, this move leaves the board"
            };
            out.push(
                UnreachableRule::new(md.span, piece.name.clone(), reason)
                    .origin(md.origin.as_ref())
                    .help("check its squares, distances and directions against the board"),
            );
        }
        for pr in &piece.promotions {
            let reached = pr.zone.iter().enumerate().any(|(p, sqs)| {
                entered_by
                    .get(p)
                    .is_some_and(|e| sqs.iter().any(|&s| e.get(usize::from(s)) == Some(&true)))
            });
            if !reached {
                out.push(
                    UnreachableRule::new(
                        pr.span,
                        piece.name.clone(),
                        "the piece never moves onto any of these promotion squares",
                    )
                    .origin(pr.origin.as_ref())
                    .help("check the promotion squares (a player's last rank is `(lastRank)`) against the directions the piece moves in"),
                );
            }
        }
    }
}

/// A `(place ...)` of the piece named `piece` for the first player, in the
/// game's own names: on the first square (from the first rank up) that is
/// empty at the start and that no `(shift ...)` moves a piece from or to.
fn placement(game: &Game, piece: &str) -> String {
    let model = game.model();
    let start = game.start();
    let b = &model.board;
    let player = model.players.first().map_or("Mover", |p| p.name.as_str());
    let square = (0..b.height)
        .flat_map(|y| (0..b.width).filter_map(move |x| b.at(x, y)))
        .find(|&sq| {
            start.piece_at(usize::from(sq)).is_none()
                && !model.shifts.iter().any(|&(a, z)| a == sq || z == sq)
        })
        .map_or_else(|| "...".to_string(), |sq| b.name(sq));
    format!("(place {player} \"{piece}\" {square})")
}
