//! The rule graph: pieces → move rules → conditions and effects, restrictions,
//! and end rules → conditions → results. `lud graph` prints it as DOT; the
//! interpreter's tables are derived by walking it; lints ask it what is
//! reachable.

mod words;

pub use words::{
    describe_cond, describe_effect, describe_guard, describe_move, describe_outcome,
    describe_pattern, describe_promotion, material_words, plural,
};
pub(crate) use words::{dir_names, int_words, on_board, squares, vector, vectors};

use petgraph::stable_graph::{NodeIndex, StableDiGraph};
use petgraph::visit::{EdgeRef, IntoEdgeReferences, NodeIndexable};
use petgraph::Direction;

use std::fmt::Write as _;

use super::model::{KindExpr, Model, MoveKind, PromotionDef, Target};

/// A node of the rule graph.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum RuleNode {
    /// The game (the root).
    Game(String),
    /// A kind of piece, by index.
    Piece(usize, String),
    /// A move rule, by index into the model's moves.
    Move(usize, String),
    /// A condition a move or an end rule needs.
    Condition(String),
    /// What a move does besides moving: a promotion.
    Effect(String),
    /// A restriction on moves, by index.
    Forbid(usize, String),
    /// An end rule, by index.
    End(usize, String),
    /// A phase before normal play.
    Phase(String),
    /// A result.
    Outcome(String),
}

/// An edge of the rule graph.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum RuleEdge {
    /// game → piece
    Has,
    /// piece → move rule
    Moves,
    /// move rule or end rule → condition
    If,
    /// move rule → effect
    Then,
    /// effect → the piece it makes
    Becomes,
    /// game → restriction
    Forbids,
    /// game → end rule
    Ends,
    /// end rule → result
    Gives,
}

impl RuleEdge {
    fn label(self) -> &'static str {
        match self {
            RuleEdge::Has => "has",
            RuleEdge::Moves => "moves",
            RuleEdge::If => "if",
            RuleEdge::Then => "then",
            RuleEdge::Becomes => "becomes",
            RuleEdge::Forbids => "forbids",
            RuleEdge::Ends => "ends",
            RuleEdge::Gives => "gives",
        }
    }
}

/// Node index in the rule graph.
pub type RuleIx = NodeIndex<u32>;

/// The rule graph of a game.
#[derive(Clone, Debug)]
pub struct RuleGraph {
    /// The graph.
    pub graph: StableDiGraph<RuleNode, RuleEdge>,
    /// The game node.
    pub root: RuleIx,
    /// The node of each piece, by piece index.
    pub pieces: Vec<RuleIx>,
}

impl RuleGraph {
    /// Builds the graph of a model.
    pub fn build(model: &Model) -> RuleGraph {
        let mut g = StableDiGraph::new();
        let root = g.add_node(RuleNode::Game(model.name.clone()));
        let pieces: Vec<RuleIx> = model
            .pieces
            .iter()
            .enumerate()
            .map(|(i, p)| {
                let n = g.add_node(RuleNode::Piece(i, p.name.clone()));
                g.add_edge(root, n, RuleEdge::Has);
                n
            })
            .collect();
        for (i, p) in model.pieces.iter().enumerate() {
            // One node for each promotion rule of the piece, shared by its moves.
            let promotions: Vec<RuleIx> = p
                .promotions
                .iter()
                .map(|pr| {
                    let e = g.add_node(RuleNode::Effect(describe_promotion(model, pr)));
                    for t in promotion_kinds(model, pr, i) {
                        g.add_edge(e, pieces[t], RuleEdge::Becomes);
                    }
                    if let Some(c) = &pr.guard {
                        let cn = g.add_node(RuleNode::Condition(describe_guard(model, c)));
                        g.add_edge(e, cn, RuleEdge::If);
                    }
                    e
                })
                .collect();
            for &m in &p.moves {
                let mn = add_move(&mut g, model, m, pieces[i], None);
                for &e in &promotions {
                    g.add_edge(mn, e, RuleEdge::Then);
                }
            }
        }
        for &m in &model.player_moves {
            add_move(&mut g, model, m, root, None);
        }
        for ph in &model.phases {
            let n = g.add_node(RuleNode::Phase(format!(
                "phase {}: {} move(s) in a row each",
                ph.name, ph.moves_each
            )));
            g.add_edge(root, n, RuleEdge::Has);
            for &m in &ph.moves {
                let piece = model.moves[m].piece.map(|k| model.pieces[k].name.as_str());
                add_move(&mut g, model, m, n, piece);
            }
            for f in &ph.forbids {
                let fnode = g.add_node(RuleNode::Forbid(
                    usize::MAX,
                    format!("after the move: {}", describe_cond(model, &f.cond)),
                ));
                g.add_edge(n, fnode, RuleEdge::Forbids);
            }
        }
        for (i, f) in model.forbids.iter().enumerate() {
            let n = g.add_node(RuleNode::Forbid(
                i,
                format!("after the move: {}", describe_cond(model, &f.cond)),
            ));
            g.add_edge(root, n, RuleEdge::Forbids);
        }
        for (i, e) in model.ends.iter().enumerate() {
            let n = g.add_node(RuleNode::End(i, format!("end rule {}", i + 1)));
            g.add_edge(root, n, RuleEdge::Ends);
            let c = g.add_node(RuleNode::Condition(describe_cond(model, &e.cond)));
            g.add_edge(n, c, RuleEdge::If);
            let o = g.add_node(RuleNode::Outcome(describe_outcome(model, &e.outcome)));
            g.add_edge(n, o, RuleEdge::Gives);
        }
        RuleGraph {
            graph: g,
            root,
            pieces,
        }
    }

    /// The targets of `n`'s outgoing edges of kind `kind`, in insertion order.
    pub fn children(&self, n: RuleIx, kind: RuleEdge) -> Vec<RuleIx> {
        let mut v: Vec<(usize, RuleIx)> = self
            .graph
            .edges_directed(n, Direction::Outgoing)
            .filter(|e| *e.weight() == kind)
            .map(|e| (e.id().index(), e.target()))
            .collect();
        v.sort_unstable();
        v.into_iter().map(|(_, t)| t).collect()
    }

    /// The move-rule indices of piece `p`, in order, read from the graph.
    pub fn moves_of(&self, p: usize) -> Vec<usize> {
        self.children(self.pieces[p], RuleEdge::Moves)
            .into_iter()
            .filter_map(|n| match &self.graph[n] {
                RuleNode::Move(i, _) => Some(*i),
                _ => None,
            })
            .collect()
    }

    /// The graph in Graphviz DOT.
    pub fn to_dot(&self) -> String {
        let mut s =
            String::from("digraph rules {\n  rankdir=LR;\n  node [fontname=\"Helvetica\"];\n");
        for n in self.graph.node_indices() {
            let (label, shape) = match &self.graph[n] {
                RuleNode::Game(x) => (format!("game {x}"), "doubleoctagon"),
                RuleNode::Piece(_, x) => (format!("piece {x}"), "box"),
                RuleNode::Move(_, x) => (x.clone(), "ellipse"),
                RuleNode::Condition(x) => (x.clone(), "diamond"),
                RuleNode::Effect(x) => (x.clone(), "parallelogram"),
                RuleNode::Forbid(_, x) => (format!("forbid {x}"), "octagon"),
                RuleNode::End(_, x) => (x.clone(), "hexagon"),
                RuleNode::Phase(x) => (x.clone(), "tab"),
                RuleNode::Outcome(x) => (x.clone(), "house"),
            };
            let _ = writeln!(
                s,
                "  n{} [label=\"{}\", shape={shape}];",
                n.index(),
                escape(&label)
            );
        }
        let mut edges: Vec<_> = self.graph.edge_references().collect();
        edges.sort_by_key(|e| e.id().index());
        for e in edges {
            let _ = writeln!(
                s,
                "  n{} -> n{} [label=\"{}\"];",
                e.source().index(),
                e.target().index(),
                e.weight().label()
            );
        }
        s.push_str("}\n");
        s
    }

    /// A stable, indented text listing of the graph (for `lud graph --text` and snapshots).
    pub fn listing(&self) -> String {
        let mut s = String::new();
        self.list(
            self.root,
            0,
            &mut s,
            &mut vec![false; self.graph.node_bound()],
        );
        s
    }

    fn list(&self, n: RuleIx, depth: usize, s: &mut String, seen: &mut Vec<bool>) {
        let text = match &self.graph[n] {
            RuleNode::Game(x) => format!("game {x}"),
            RuleNode::Piece(_, x) => format!("piece {x}"),
            RuleNode::Move(_, x) => format!("move {x}"),
            RuleNode::Condition(x) => format!("condition: {x}"),
            RuleNode::Effect(x) => format!("effect: {x}"),
            RuleNode::Forbid(_, x) => format!("forbid {x}"),
            RuleNode::End(_, x) | RuleNode::Phase(x) => x.clone(),
            RuleNode::Outcome(x) => format!("result: {x}"),
        };
        if std::mem::replace(&mut seen[n.index()], true) {
            let _ = writeln!(s, "{}→ {}", "  ".repeat(depth), text);
            return;
        }
        let _ = writeln!(s, "{}{}", "  ".repeat(depth), text);
        let mut edges: Vec<_> = self.graph.edges_directed(n, Direction::Outgoing).collect();
        edges.sort_by_key(|e| e.id().index());
        for e in edges {
            if matches!(e.weight(), RuleEdge::Becomes) {
                let name = match &self.graph[e.target()] {
                    RuleNode::Piece(_, x) => x.clone(),
                    _ => String::new(),
                };
                let _ = writeln!(s, "{}becomes {}", "  ".repeat(depth + 1), name);
                continue;
            }
            self.list(e.target(), depth + 1, s, seen);
        }
    }
}

/// Adds a node for move `m` under `parent`, with its landing condition,
/// guard and effects; `piece` names the piece when the move does not hang
/// under it.
fn add_move(
    g: &mut StableDiGraph<RuleNode, RuleEdge>,
    model: &Model,
    m: usize,
    parent: RuleIx,
    piece: Option<&str>,
) -> RuleIx {
    let md = &model.moves[m];
    let text = match piece {
        Some(p) => format!("{p}: {}", describe_move(model, m)),
        None => describe_move(model, m),
    };
    let mn = g.add_node(RuleNode::Move(m, text));
    g.add_edge(parent, mn, RuleEdge::Moves);
    if !matches!(md.kind, MoveKind::Remove(_) | MoveKind::Pass) {
        let c = g.add_node(RuleNode::Condition(format!(
            "lands on {}",
            match md.target {
                Target::Empty => "an empty square",
                Target::Enemy => "an enemy piece (captures it)",
                Target::NotFriend => "an empty square or an enemy piece (captures it)",
                Target::EnPassant => {
                    "a square the enemy's last move passed over (takes the piece that passed)"
                }
            }
        )));
        g.add_edge(mn, c, RuleEdge::If);
    }
    if let Some(guard) = &md.guard {
        let cn = g.add_node(RuleNode::Condition(describe_guard(model, guard)));
        g.add_edge(mn, cn, RuleEdge::If);
    }
    for e in &md.effects {
        let en = g.add_node(RuleNode::Effect(describe_effect(model, e)));
        g.add_edge(mn, en, RuleEdge::Then);
    }
    mn
}

fn escape(s: &str) -> String {
    s.replace('\\', "\\\\").replace('"', "\\\"")
}

/// The kinds a promotion names outright (for the graph's edges).
fn promotion_kinds(model: &Model, pr: &PromotionDef, own: usize) -> Vec<usize> {
    let mut v = match &pr.to {
        KindExpr::Fixed(k) => k.clone(),
        KindExpr::StartKind(_) => {
            let mut v: Vec<usize> = model.start.iter().map(|p| p.piece as usize).collect();
            v.sort_unstable();
            v.dedup();
            v
        }
        KindExpr::Lost => (0..model.pieces.len()).collect(),
    };
    if !matches!(pr.to, KindExpr::Fixed(_)) {
        v.retain(|&k| !model.pieces[k].royal && k != own);
    }
    v
}
