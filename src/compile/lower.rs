//! The checked syntax tree → the [`Model`]. The checks have run, so every form
//! binds and every name resolves; what is still wrong here (too many pieces,
//! a third player) is reported, never assumed away.

use super::bind::{bind, ludeme_of, Bound};
use super::board::{Board, Dir};
use super::model::{
    CmpOp, Cond, EndDef, Events, ForbidDef, Info, IntExpr, Model, MoveDef, MoveKind, OutcomeDef,
    PieceDef, Placement, PlayerDef, PlayerRef, PromotionDef, RelDir, Target, MAX_COUNTERS,
    MAX_PIECES, MAX_PLAYERS,
};
use super::sites::{eval, player_forward, region_nodes, SiteCtx};
use crate::diagnostics::{BadPlayers, Problem, TooMany};
use crate::syntax::ast::{Node, NodeKind};

struct Lower<'a> {
    players: Vec<PlayerDef>,
    piece_names: Vec<String>,
    regions: Vec<(String, &'a Node)>,
    counters: Vec<Events>,
    problems: Vec<Problem>,
}

/// Lowers a checked `(game ...)` node.
pub(crate) fn lower(game: &Node) -> Result<Model, Vec<Problem>> {
    let Some(gb) = bound(game) else {
        return Err(Vec::new());
    };
    let name = gb
        .one("name")
        .and_then(Node::as_str)
        .unwrap_or("")
        .to_string();
    let sections = gb.all("sections");
    let section = |head: &str| {
        sections
            .iter()
            .copied()
            .find(|n| n.as_form().is_some_and(|f| f.head == head))
    };

    let mut l = Lower {
        players: Vec::new(),
        piece_names: Vec::new(),
        regions: region_nodes(game),
        counters: Vec::new(),
        problems: Vec::new(),
    };

    // Players.
    if let Some((pb, pnode)) = section("players").and_then(|n| bound(n).map(|b| (b, n))) {
        let list = pb.all("players");
        for (i, p) in list.iter().enumerate() {
            let Some(b) = bound(p) else { continue };
            l.players.push(PlayerDef {
                name: b
                    .one("name")
                    .and_then(Node::as_str)
                    .unwrap_or("")
                    .to_string(),
                forward: player_forward(game, i).unwrap_or(Dir(0)),
            });
        }
        if l.players.len() != MAX_PLAYERS {
            l.problems.push(
                BadPlayers::new(
                    pnode.span,
                    format!("the game has {} player(s); lud plays games of two", l.players.len()),
                )
                .help("declare two players, as in `(players {(player \"White\" N) (player \"Black\" S)})`"),
            );
        }
    }

    // Equipment.
    let mut board = Board::rectangle(8, 8);
    let mut pieces = Vec::new();
    let mut moves = Vec::new();
    let mut piece_nodes = Vec::new();
    if let Some(eb) = section("equipment").and_then(bound) {
        let items = eb.all("items");
        for it in &items {
            let Some(f) = it.as_form() else { continue };
            match f.head.as_str() {
                "board" => {
                    if let Some(bb) = bound(it) {
                        if let Some(sb) = bb.one("shape").and_then(bound) {
                            let int =
                                |k: &str| sb.one(k).and_then(Node::as_int).unwrap_or(8) as u32;
                            board = match sb.ludeme.name {
                                "rectangle" => Board::rectangle(int("width"), int("height")),
                                _ => Board::rectangle(int("size"), int("size")),
                            };
                        }
                        if let Some(m) = bb.one("marked") {
                            let ctx = SiteCtx {
                                board: &board,
                                regions: &l.regions,
                                forward: None,
                            };
                            for s in eval(m, &ctx) {
                                board.marked[s as usize] = true;
                            }
                        }
                    }
                }
                "piece" => {
                    if let Some(pb) = bound(it) {
                        l.piece_names.push(
                            pb.one("name")
                                .and_then(Node::as_str)
                                .unwrap_or("")
                                .to_string(),
                        );
                        piece_nodes.push(*it);
                    }
                }
                _ => {}
            }
        }
    }
    if l.piece_names.len() > MAX_PIECES {
        if let Some(n) = piece_nodes.get(MAX_PIECES) {
            l.problems.push(
                TooMany::new(n.span, "kinds of piece", l.piece_names.len(), MAX_PIECES)
                    .help("merge kinds that move alike"),
            );
        }
    }
    for (idx, node) in piece_nodes.iter().enumerate() {
        let Some(pb) = bound(node) else { continue };
        let mut def = PieceDef {
            name: l.piece_names[idx].clone(),
            letter: pb
                .one("letter")
                .and_then(Node::as_str)
                .and_then(|s| s.chars().next())
                .unwrap_or('?')
                .to_ascii_uppercase(),
            royal: pb.one("royal").and_then(Node::as_ident) == Some("True"),
            moves: Vec::new(),
            promotion: None,
            span: node.span,
        };
        for r in pb.all("rules") {
            let Some(rb) = bound(r) else { continue };
            if rb.ludeme.name == "promote" {
                def.promotion = Some(l.promotion(&rb, r, &board));
                continue;
            }
            let target = match rb.one("to").and_then(Node::as_ident) {
                Some("Empty") => Target::Empty,
                Some("Enemy") => Target::Enemy,
                _ => Target::NotFriend,
            };
            let kind = match rb.ludeme.name {
                "step" => MoveKind::Step(dirs(&rb)),
                "slide" => MoveKind::Slide(
                    dirs(&rb),
                    rb.one("max").and_then(Node::as_int).map(|m| m as u32),
                ),
                _ => MoveKind::Leap(
                    rb.one("across").and_then(Node::as_int).unwrap_or(0) as i32,
                    rb.one("ahead").and_then(Node::as_int).unwrap_or(0) as i32,
                ),
            };
            def.moves.push(moves.len());
            moves.push(MoveDef {
                piece: idx,
                kind,
                target,
                text: r.to_string(),
                span: r.span,
            });
        }
        pieces.push(def);
    }

    // Rules.
    let mut start = Vec::new();
    let mut forbids = Vec::new();
    let mut ends = Vec::new();
    if let Some(rb) = section("rules").and_then(bound) {
        for s in rb.all("sections") {
            let Some(sb) = bound(s) else { continue };
            match sb.ludeme.name {
                "start" => {
                    for p in sb.all("placements") {
                        let Some(b) = bound(p) else { continue };
                        let player = b.one("player").map_or(0, |n| l.player_index(n));
                        let piece = b
                            .one("piece")
                            .and_then(Node::as_str)
                            .and_then(|n| l.piece(n))
                            .unwrap_or(0);
                        let forward = l.players.get(player as usize).map(|p| p.forward);
                        if let Some(sites) = b.one("sites") {
                            let ctx = SiteCtx {
                                board: &board,
                                regions: &l.regions,
                                forward,
                            };
                            for sq in eval(sites, &ctx) {
                                start.push(Placement {
                                    sq,
                                    player,
                                    piece: piece as u8,
                                });
                            }
                        }
                    }
                }
                "play" => {
                    for f in sb.all("rules") {
                        let Some(fb) = bound(f) else { continue };
                        let Some(c) = fb.one("cond") else { continue };
                        let cond = l.cond(c);
                        let reason = fb
                            .one("reason")
                            .and_then(Node::as_str)
                            .map_or_else(|| format!("it is forbidden by {c}"), str::to_string);
                        forbids.push(ForbidDef {
                            cond,
                            reason,
                            text: f.to_string(),
                        });
                    }
                }
                "end" => {
                    for e in sb.all("rules") {
                        let Some(eb) = bound(e) else { continue };
                        let (Some(c), Some(r)) = (eb.one("cond"), eb.one("result")) else {
                            continue;
                        };
                        let cond = l.cond(c);
                        let Some(ob) = bound(r) else { continue };
                        let kind = ob
                            .one("kind")
                            .and_then(Node::as_str)
                            .unwrap_or("")
                            .to_string();
                        let outcome = match ob.ludeme.name {
                            "win" => OutcomeDef::Win(l.player_ref(ob.one("player")), kind),
                            "loss" => OutcomeDef::Loss(l.player_ref(ob.one("player")), kind),
                            _ => OutcomeDef::Draw(kind),
                        };
                        ends.push(EndDef {
                            cond,
                            outcome,
                            text: e.to_string(),
                        });
                    }
                }
                _ => {}
            }
        }
    }
    if l.counters.len() > MAX_COUNTERS {
        l.problems.push(
            TooMany::new(
                game.span,
                "different `(pliesSince ...)` counters",
                l.counters.len(),
                MAX_COUNTERS,
            )
            .help("use the same set of events for counters that mean the same"),
        );
    }

    let info = section("info")
        .and_then(bound)
        .map_or_else(Info::default, |ib| {
            let s = |k: &str| ib.one(k).and_then(Node::as_str).map(str::to_string);
            Info {
                source: s("source"),
                date: s("date"),
                description: s("description"),
            }
        });
    let regions = l
        .regions
        .iter()
        .map(|(n, node)| {
            let ctx = SiteCtx {
                board: &board,
                regions: &l.regions,
                forward: None,
            };
            (n.clone(), eval(node, &ctx))
        })
        .collect();

    if !l.problems.is_empty() {
        return Err(l.problems);
    }
    Ok(Model {
        name,
        info,
        players: l.players,
        board,
        pieces,
        moves,
        regions,
        start,
        forbids,
        ends,
        counters: l.counters,
    })
}

fn bound(n: &Node) -> Option<Bound<'_>> {
    let f = n.as_form()?;
    let l = ludeme_of(f)?;
    Some(bind(f, l).0)
}

/// The directions named by a move's `dirs` argument.
fn dirs(b: &Bound<'_>) -> Vec<RelDir> {
    let mut out = Vec::new();
    for n in b.all("dirs") {
        let Some(s) = n.as_ident() else { continue };
        let add: Vec<RelDir> = match s {
            "All" => Dir::ALL.iter().map(|&d| RelDir::Abs(d)).collect(),
            "Orthogonal" => [0, 2, 4, 6].iter().map(|&d| RelDir::Abs(Dir(d))).collect(),
            "Diagonal" => [1, 3, 5, 7].iter().map(|&d| RelDir::Abs(Dir(d))).collect(),
            "Forward" => vec![RelDir::Rel(0)],
            "ForwardRight" => vec![RelDir::Rel(1)],
            "Right" => vec![RelDir::Rel(2)],
            "BackwardRight" => vec![RelDir::Rel(3)],
            "Backward" => vec![RelDir::Rel(4)],
            "BackwardLeft" => vec![RelDir::Rel(5)],
            "Left" => vec![RelDir::Rel(6)],
            "ForwardLeft" => vec![RelDir::Rel(7)],
            "Sideways" => vec![RelDir::Rel(2), RelDir::Rel(6)],
            other => Dir::from_name(other).map(RelDir::Abs).into_iter().collect(),
        };
        for d in add {
            if !out.contains(&d) {
                out.push(d);
            }
        }
    }
    out
}

impl Lower<'_> {
    fn piece(&self, name: &str) -> Option<usize> {
        self.piece_names.iter().position(|p| p == name)
    }

    fn player_index(&self, n: &Node) -> u8 {
        n.as_ident()
            .and_then(|s| self.players.iter().position(|p| p.name == s))
            .unwrap_or(0) as u8
    }

    fn player_ref(&self, n: Option<&Node>) -> PlayerRef {
        match n.and_then(Node::as_ident) {
            Some("Mover") => PlayerRef::Mover,
            Some("Next") | None => PlayerRef::Next,
            Some(s) => {
                PlayerRef::Fixed(self.players.iter().position(|p| p.name == s).unwrap_or(0) as u8)
            }
        }
    }

    fn promotion(&mut self, b: &Bound<'_>, node: &Node, board: &Board) -> PromotionDef {
        let zone = self
            .players
            .iter()
            .map(|p| {
                b.one("at").map_or_else(Vec::new, |at| {
                    let ctx = SiteCtx {
                        board,
                        regions: &self.regions,
                        forward: Some(p.forward),
                    };
                    eval(at, &ctx)
                })
            })
            .collect();
        let to = b
            .all("to")
            .iter()
            .filter_map(|n| n.as_str().and_then(|s| self.piece(s)))
            .collect();
        PromotionDef {
            zone,
            to,
            text: node.to_string(),
        }
    }

    fn cond(&mut self, n: &Node) -> Cond {
        let Some(b) = bound(n) else {
            return Cond::And(Vec::new());
        };
        let player = |this: &Self| this.player_ref(b.one("player"));
        match b.ludeme.name {
            "and" => Cond::And(b.all("conds").iter().map(|c| self.cond(c)).collect()),
            "or" => Cond::Or(b.all("conds").iter().map(|c| self.cond(c)).collect()),
            "not" => Cond::Not(Box::new(
                b.one("cond")
                    .map_or(Cond::And(Vec::new()), |c| self.cond(c)),
            )),
            "inCheck" => Cond::InCheck(player(self)),
            "noMoves" => Cond::NoMoves(player(self)),
            "repeated" => Cond::Repeated(b.one("times").and_then(Node::as_int).unwrap_or(3) as u32),
            op => {
                let cmp = match op {
                    "=" => CmpOp::Eq,
                    "!=" => CmpOp::Ne,
                    "<" => CmpOp::Lt,
                    "<=" => CmpOp::Le,
                    ">" => CmpOp::Gt,
                    _ => CmpOp::Ge,
                };
                let left = b.one("left").map_or(IntExpr::Lit(0), |x| self.int(x));
                let right = b.one("right").map_or(IntExpr::Lit(0), |x| self.int(x));
                Cond::Cmp(cmp, left, right)
            }
        }
    }

    fn int(&mut self, n: &Node) -> IntExpr {
        if let NodeKind::Int(i) = n.kind {
            return IntExpr::Lit(i);
        }
        let Some(b) = bound(n) else {
            return IntExpr::Lit(0);
        };
        match b.ludeme.name {
            "count" => IntExpr::Count(
                self.player_ref(b.one("player")),
                b.one("piece")
                    .and_then(Node::as_str)
                    .and_then(|s| self.piece(s))
                    .map(|p| p as u8),
            ),
            _ => {
                let mut ev = Events::default();
                for e in b.all("events") {
                    match &e.kind {
                        NodeKind::Ident(s) if s == "Capture" => ev.capture = true,
                        NodeKind::Ident(s) if s == "Promotion" => ev.promotion = true,
                        NodeKind::Form(f) if f.head == "moved" => {
                            if let Some(p) = f
                                .args
                                .first()
                                .and_then(Node::as_str)
                                .and_then(|s| self.piece(s))
                            {
                                ev.moved |= 1 << p;
                            }
                        }
                        _ => {}
                    }
                }
                let idx = self
                    .counters
                    .iter()
                    .position(|c| *c == ev)
                    .unwrap_or_else(|| {
                        self.counters.push(ev);
                        self.counters.len() - 1
                    });
                IntExpr::PliesSince(idx as u8)
            }
        }
    }
}
