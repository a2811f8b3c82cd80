//! The rule graph: pieces → move rules → conditions and effects, restrictions,
//! and end rules → conditions → results. `lud graph` prints it as DOT; the
//! interpreter's tables are derived by walking it; lints ask it what is
//! reachable.

use std::fmt::Write as _;

use petgraph::stable_graph::{NodeIndex, StableDiGraph};
use petgraph::visit::{EdgeRef, IntoEdgeReferences, NodeIndexable};
use petgraph::Direction;

use super::model::{Cond, IntExpr, Model, MoveKind, OutcomeDef, PlayerRef, RelDir, Target};

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
            // One node for the piece's promotion, shared by its moves.
            let promotion = p.promotion.as_ref().map(|pr| {
                let e = g.add_node(RuleNode::Effect(format!(
                    "promote on {}",
                    squares(model, &pr.zone)
                )));
                for &t in &pr.to {
                    g.add_edge(e, pieces[t], RuleEdge::Becomes);
                }
                e
            });
            for &m in &p.moves {
                let md = &model.moves[m];
                let mn = g.add_node(RuleNode::Move(m, describe_move(model, m)));
                g.add_edge(pieces[i], mn, RuleEdge::Moves);
                let c = g.add_node(RuleNode::Condition(format!(
                    "lands on {}",
                    match md.target {
                        Target::Empty => "an empty square",
                        Target::Enemy => "an enemy piece (captures it)",
                        Target::NotFriend => "an empty square or an enemy piece (captures it)",
                    }
                )));
                g.add_edge(mn, c, RuleEdge::If);
                if let Some(e) = promotion {
                    g.add_edge(mn, e, RuleEdge::Then);
                }
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
            RuleNode::End(_, x) => x.clone(),
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

fn escape(s: &str) -> String {
    s.replace('\\', "\\\\").replace('"', "\\\"")
}

fn squares(model: &Model, zone: &[Vec<u8>]) -> String {
    zone.iter()
        .enumerate()
        .map(|(p, sqs)| {
            let names: Vec<String> = sqs.iter().map(|&s| model.board.name(s)).collect();
            format!(
                "{}: {}",
                model.players.get(p).map_or("?", |x| x.name.as_str()),
                names.join(" ")
            )
        })
        .collect::<Vec<_>>()
        .join("; ")
}

fn dir_names(dirs: &[RelDir]) -> String {
    let names: Vec<&str> = dirs
        .iter()
        .map(|d| match d {
            RelDir::Abs(d) => d.name(),
            RelDir::Rel(k) => [
                "Forward",
                "ForwardRight",
                "Right",
                "BackwardRight",
                "Backward",
                "BackwardLeft",
                "Left",
                "ForwardLeft",
            ][k.rem_euclid(8) as usize],
        })
        .collect();
    names.join(" ")
}

/// A move rule in words: "slide N E S W".
pub fn describe_move(model: &Model, m: usize) -> String {
    let md = &model.moves[m];
    match &md.kind {
        MoveKind::Step(d) => format!("step {}", dir_names(d)),
        MoveKind::Slide(d, None) => format!("slide {}", dir_names(d)),
        MoveKind::Slide(d, Some(max)) => format!("slide {} up to {max}", dir_names(d)),
        MoveKind::Leap(a, b) => format!("leap ({a},{b})"),
    }
}

/// A condition in words.
pub fn describe_cond(model: &Model, c: &Cond) -> String {
    let join = |cs: &[Cond], w: &str| {
        cs.iter()
            .map(|c| describe_cond(model, c))
            .collect::<Vec<_>>()
            .join(w)
    };
    match c {
        Cond::And(cs) if cs.is_empty() => "always".into(),
        Cond::And(cs) => format!("({})", join(cs, " and ")),
        Cond::Or(cs) => format!("({})", join(cs, " or ")),
        Cond::Not(c) => format!("not {}", describe_cond(model, c)),
        Cond::InCheck(p) => format!("{} is in check", player(model, *p)),
        Cond::NoMoves(p) => format!("{} has no legal move", player(model, *p)),
        Cond::Repeated(n) => format!("the position has occurred {n} times"),
        Cond::Cmp(op, a, b) => format!("{} {} {}", int(model, a), op.symbol(), int(model, b)),
    }
}

fn int(model: &Model, e: &IntExpr) -> String {
    match e {
        IntExpr::Lit(i) => i.to_string(),
        IntExpr::Count(p, None) => format!("pieces of {}", player(model, *p)),
        IntExpr::Count(p, Some(t)) => format!(
            "{} pieces of {}",
            model.pieces[*t as usize].name,
            player(model, *p)
        ),
        IntExpr::PliesSince(i) => {
            let ev = model.counters[*i as usize];
            let mut what = Vec::new();
            if ev.capture {
                what.push("capture".to_string());
            }
            if ev.promotion {
                what.push("promotion".to_string());
            }
            for (p, piece) in model.pieces.iter().enumerate() {
                if ev.moved & (1 << p) != 0 {
                    what.push(format!("{} move", piece.name));
                }
            }
            format!("plies since the last {}", what.join(" or "))
        }
    }
}

fn player(model: &Model, p: PlayerRef) -> String {
    match p {
        PlayerRef::Mover => "the player who moved".into(),
        PlayerRef::Next => "the player to move".into(),
        PlayerRef::Fixed(i) => model
            .players
            .get(i as usize)
            .map_or_else(|| format!("player {}", i + 1), |p| p.name.clone()),
    }
}

/// A result in words.
pub fn describe_outcome(model: &Model, o: &OutcomeDef) -> String {
    match o {
        OutcomeDef::Win(p, k) => format!("{} wins ({k})", player(model, *p)),
        OutcomeDef::Loss(p, k) => format!("{} loses ({k})", player(model, *p)),
        OutcomeDef::Draw(k) => format!("draw ({k})"),
    }
}
