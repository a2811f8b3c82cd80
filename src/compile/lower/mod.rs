//! The checked syntax tree → the [`Model`]. The checks have run, so every form
//! binds and every name resolves; what is still wrong here (too many pieces,
//! a third player) is reported, never assumed away.

mod conds;
mod moves;

use super::bind::{bind, ludeme_of, Bound};
use super::board::{Board, Dir};
use super::model::{
    Cond, EndDef, Events, Info, IntExpr, Komi, Model, MoveDef, OutcomeDef, PartDef, PhaseDef,
    PieceDef, Placement, PlayerDef, PlayerFlagDef, PlayerRef, PlayerSites, RelDir, Worth,
    HAND_KINDS, MAX_COUNTERS, MAX_FLAGS, MAX_MOVE_RULES, MAX_PIECES, MAX_PLAYERS, MAX_PLAYER_FLAGS,
};
use super::sites::{eval, per_player, players, region_nodes, Regions, SiteCtx};
use crate::compile::board::Sq;
use crate::diagnostics::{BadPlayers, Problem, TooMany};
use crate::syntax::ast::{Node, NodeKind};

struct Lower<'a> {
    board: Board,
    players: Vec<(String, Dir)>,
    piece_names: Vec<String>,
    regions: Regions<'a>,
    start: Vec<Placement>,
    shifts: Vec<(Sq, Sq)>,
    counters: Vec<Events>,
    flags: Vec<String>,
    player_flags: Vec<String>,
    problems: Vec<Problem>,
    /// Parts of turns, their moves indexed into `part_moves` until the end.
    parts: Vec<PartDef>,
    /// The moves of the parts, put after every other move at the end.
    part_moves: Vec<MoveDef>,
    /// Pieces in hand at the start.
    hands: Vec<(u8, u8, u8)>,
}

fn bound(n: &Node) -> Option<Bound<'_>> {
    let f = n.as_form()?;
    let l = ludeme_of(f)?;
    Some(bind(f, l).0)
}

fn truthy(n: Option<&Node>) -> bool {
    n.and_then(Node::as_ident) == Some("True")
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
        board: Board::rectangle(8, 8),
        players: players(game),
        piece_names: Vec::new(),
        regions: region_nodes(game),
        start: Vec::new(),
        shifts: Vec::new(),
        counters: Vec::new(),
        flags: Vec::new(),
        player_flags: Vec::new(),
        problems: Vec::new(),
        parts: Vec::new(),
        part_moves: Vec::new(),
        hands: Vec::new(),
    };
    if let Some(p) = section("players") {
        if l.players.len() != MAX_PLAYERS {
            l.problems.push(
                BadPlayers::new(
                    p.span,
                    format!("the game has {} player(s); lud plays games of two", l.players.len()),
                )
                .help("declare two players, as in `(players {(player \"White\" N) (player \"Black\" S)})`"),
            );
        }
    }

    // The board and the names of the pieces come first: everything else refers to them.
    let mut piece_nodes = Vec::new();
    let mut marked = None;
    let mut line_nodes = Vec::new();
    let items = section("equipment")
        .and_then(bound)
        .map(|eb| eb.all("items"))
        .unwrap_or_default();
    for it in &items {
        let Some(b) = bound(it) else { continue };
        match b.ludeme.name {
            "board" => {
                if let Some(sb) = b.one("shape").and_then(bound) {
                    let int = |k: &str| sb.one(k).and_then(Node::as_int).unwrap_or(8) as u32;
                    l.board = match sb.ludeme.name {
                        "rectangle" => Board::rectangle(int("width"), int("height")),
                        "hexRhombus" => {
                            let w = int("width");
                            let h = sb
                                .one("height")
                                .and_then(Node::as_int)
                                .map_or(w, |h| h as u32);
                            Board::new(crate::compile::board::Tiling::Hexes, w, h)
                        }
                        "hexHexagon" => Board::hexagon(int("side")),
                        "hexStar" => Board::star(int("points")),
                        _ => Board::rectangle(int("size"), int("size")),
                    };
                }
                marked = b.one("marked");
                line_nodes = b.all("lines");
                let holes: Vec<Sq> = b
                    .all("holes")
                    .iter()
                    .filter_map(|h| h.as_ident().and_then(|s| l.board.parse(s)))
                    .collect();
                if !holes.is_empty() {
                    l.board = l.board.without(&holes);
                }
            }
            "piece" => {
                l.piece_names.push(
                    b.one("name")
                        .and_then(Node::as_str)
                        .unwrap_or("")
                        .to_string(),
                );
                piece_nodes.push(*it);
            }
            _ => {}
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
    if let Some(m) = marked {
        l.board.mark_name = m.as_str().map(str::to_string);
        for s in eval(m, &l.ctx(None)) {
            l.board.marked[s as usize] = true;
        }
    }

    let lines: Vec<Vec<Sq>> = line_nodes
        .iter()
        .filter_map(|n| bound(n))
        .map(|lb| {
            lb.all("points")
                .iter()
                .filter_map(|p| p.as_ident().and_then(|s| l.board.parse(s)))
                .collect()
        })
        .collect();

    // The start position (promotions and squares such as `startOf` read it).
    let rules = section("rules").and_then(bound);
    let rule_sections: Vec<&Node> = rules
        .as_ref()
        .map(|r| r.all("sections"))
        .unwrap_or_default();
    for s in &rule_sections {
        let Some(sb) = bound(s) else { continue };
        if sb.ludeme.name != "start" {
            continue;
        }
        let mut swaps = Vec::new();
        for p in sb.all("placements") {
            let Some(b) = bound(p) else { continue };
            match b.ludeme.name {
                "swap" | "shift" => {
                    let sq = |k: &str| {
                        b.one(k)
                            .and_then(Node::as_ident)
                            .and_then(|s| l.board.parse(s))
                    };
                    if let (Some(x), Some(y)) = (
                        sq(if b.ludeme.name == "swap" { "a" } else { "from" }),
                        sq(if b.ludeme.name == "swap" { "b" } else { "to" }),
                    ) {
                        if b.ludeme.name == "swap" {
                            swaps.push((x, y));
                        } else {
                            l.shifts.push((x, y));
                        }
                    }
                    continue;
                }
                _ => {}
            }
            let player = b.one("player").map_or(0, |n| l.player_index(n));
            let piece = b
                .one("piece")
                .and_then(Node::as_str)
                .and_then(|n| l.piece(n))
                .unwrap_or(0);
            if b.ludeme.name == "hand" {
                if piece >= HAND_KINDS {
                    l.problems.push(
                        TooMany::new(p.span, "kinds of piece up to this one, held in hand", piece + 1, HAND_KINDS)
                            .help("a hand holds the first 8 kinds the game declares: declare the kinds held in hand first"),
                    );
                }
                let count = b
                    .one("count")
                    .and_then(Node::as_int)
                    .unwrap_or(0)
                    .clamp(0, 99) as u8;
                l.hands.push((player, piece as u8, count));
                continue;
            }
            if let Some(sites) = b.one("sites") {
                for sq in eval(sites, &l.ctx(Some(player as usize))) {
                    l.start.push(Placement {
                        sq,
                        player,
                        piece: piece as u8,
                        span: p.span,
                    });
                }
            }
        }
        for (x, y) in swaps {
            for p in &mut l.start {
                if p.sq == x {
                    p.sq = y;
                } else if p.sq == y {
                    p.sq = x;
                }
            }
        }
    }

    // Pieces and their moves.
    let mut pieces = Vec::new();
    let mut moves = Vec::new();
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
            aliases: pb
                .all("aliases")
                .iter()
                .filter_map(|n| n.as_str().map(str::to_string))
                .collect(),
            royal: truthy(pb.one("royal")),
            moves: Vec::new(),
            promotions: Vec::new(),
            span: node.span,
        };
        for r in pb.all("rules") {
            let Some(rb) = bound(r) else { continue };
            if rb.ludeme.name == "promote" {
                let p = l.promotion(&rb, r);
                def.promotions.push(p);
                continue;
            }
            for md in l.move_defs(&rb, r, Some(idx)) {
                def.moves.push(moves.len());
                moves.push(md);
            }
        }
        pieces.push(def);
    }

    // Play, end.
    let mut forbids = Vec::new();
    let mut maximum = None;
    let mut ends = Vec::new();
    let mut player_moves = Vec::new();
    let mut remembered = Vec::new();
    let mut phases = Vec::new();
    for s in &rule_sections {
        let Some(sb) = bound(s) else { continue };
        match sb.ludeme.name {
            "play" => {
                for f in sb.all("rules") {
                    let Some(fb) = bound(f) else { continue };
                    match fb.ludeme.name {
                        "forbid" => forbids.extend(l.forbid(&fb, f)),
                        "maximum" => maximum = l.maximum(&fb, f).or(maximum),
                        "remember" => {
                            let name = fb
                                .one("name")
                                .and_then(Node::as_str)
                                .unwrap_or("")
                                .to_string();
                            let cond = fb.one("cond").map_or(Cond::And(Vec::new()), |c| l.cond(c));
                            let player = match fb.one("player") {
                                Some(p) => l.player_ref(Some(p)),
                                None => PlayerRef::Next,
                            };
                            l.player_flag(&name);
                            remembered.push(PlayerFlagDef {
                                name,
                                cond,
                                player,
                                span: f.span,
                            });
                        }
                        "phase" => {
                            let name = fb
                                .one("name")
                                .and_then(Node::as_str)
                                .unwrap_or("")
                                .to_string();
                            let moves_each =
                                fb.one("moves").and_then(Node::as_int).unwrap_or(0).max(0) as u32;
                            let mut pf = Vec::new();
                            let mut own = Vec::new();
                            for r in fb.all("rules") {
                                let Some(rb) = bound(r) else { continue };
                                if rb.ludeme.name == "moves" {
                                    let piece = rb
                                        .one("piece")
                                        .and_then(Node::as_str)
                                        .and_then(|s| l.piece(s));
                                    for mr in rb.all("rules") {
                                        if let Some(mb) = bound(mr) {
                                            for mut md in l.move_defs(&mb, mr, piece) {
                                                md.phase = Some(phases.len());
                                                own.push(moves.len());
                                                moves.push(md);
                                            }
                                        }
                                    }
                                } else if rb.ludeme.name == "maximum" {
                                    // It holds for the whole game.
                                    maximum = l.maximum(&rb, r).or(maximum);
                                } else {
                                    pf.extend(l.forbid(&rb, r));
                                }
                            }
                            // A phase of no moves is no phase.
                            if moves_each > 0 {
                                phases.push(PhaseDef {
                                    name,
                                    moves_each,
                                    forbids: pf,
                                    moves: own,
                                    prompt: fb
                                        .one("prompt")
                                        .and_then(Node::as_str)
                                        .map(str::to_string),
                                });
                            } else {
                                // Its moves belong to no phase that is played.
                                for &i in &own {
                                    moves[i].phase = Some(usize::MAX);
                                }
                            }
                        }
                        _ => {
                            player_moves.push(moves.len());
                            moves.push(l.move_def(&fb, f, None));
                        }
                    }
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
                    let worth = match ob.one("worth").and_then(Node::as_ident) {
                        Some("HalfWin") => Worth::HalfWin,
                        _ => Worth::Win,
                    };
                    let rank = ob
                        .one("rank")
                        .and_then(Node::as_int)
                        .unwrap_or(0)
                        .clamp(0, 255) as u8;
                    let outcome = match ob.ludeme.name {
                        "win" => OutcomeDef::Win(l.player_ref(ob.one("player")), kind, worth, rank),
                        "loss" => {
                            OutcomeDef::Loss(l.player_ref(ob.one("player")), kind, worth, rank)
                        }
                        "byScore" => OutcomeDef::ByScore(
                            ob.one("score").map_or(IntExpr::Lit(0), |x| l.int(x)),
                            kind,
                            Komi(ob.one("komi").map_or(0, |k| match k.kind {
                                NodeKind::Int(i) => i.saturating_mul(2),
                                NodeKind::Dec(d) => (d * 2.0).round() as i64,
                                _ => 0,
                            })),
                        ),
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
    // The parts' moves go after every other move.
    let base = moves.len();
    for p in &mut l.parts {
        for i in &mut p.moves {
            *i += base;
        }
    }
    moves.append(&mut l.part_moves);
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
    if l.flags.len() > MAX_FLAGS {
        l.problems.push(
            TooMany::new(game.span, "piece flags", l.flags.len(), MAX_FLAGS)
                .help("use fewer flag names"),
        );
    }
    if moves.len() > MAX_MOVE_RULES {
        // Moves name their rule in a byte: more rules would be confused.
        l.problems.push(
            TooMany::new(game.span, "move rules", moves.len(), MAX_MOVE_RULES)
                .help("give the pieces fewer ways to move; a Betza string or a list of directions holds many in one rule"),
        );
    }
    if l.player_flags.len() > MAX_PLAYER_FLAGS {
        l.problems.push(
            TooMany::new(
                game.span,
                "remembered facts",
                l.player_flags.len(),
                MAX_PLAYER_FLAGS,
            )
            .help("use fewer `remember` names"),
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
                player: match ib.one("player").and_then(Node::as_ident) {
                    Some("Mcts") => crate::compile::model::Search::Mcts,
                    Some("Rave") => crate::compile::model::Search::Rave,
                    _ => crate::compile::model::Search::AlphaBeta,
                },
                opening: ib
                    .all("opening")
                    .into_iter()
                    .filter_map(|n| n.as_str().map(|t| (t.to_string(), n.span)))
                    .collect(),
            }
        });
    let regions = l
        .regions
        .iter()
        .map(|(n, node)| (n.clone(), eval(node, &l.ctx(None))))
        .collect();

    if !l.problems.is_empty() {
        return Err(l.problems);
    }
    // Remembered facts are declared in order of first use; keep the
    // definitions in that order too.
    let mut player_flags = Vec::new();
    for name in &l.player_flags {
        if let Some(d) = remembered.iter().find(|d| &d.name == name) {
            player_flags.push(d.clone());
        } else {
            player_flags.push(PlayerFlagDef {
                name: name.clone(),
                cond: Cond::Or(Vec::new()),
                player: PlayerRef::Next,
                span: crate::source::Span::default(),
            });
        }
    }
    Ok(Model {
        name,
        info,
        players: l
            .players
            .iter()
            .map(|(name, forward)| PlayerDef {
                name: name.clone(),
                forward: *forward,
            })
            .collect(),
        board: l.board,
        pieces,
        moves,
        regions,
        start: l.start,
        shifts: l.shifts,
        forbids,
        maximum,
        ends,
        counters: l.counters,
        player_moves,
        flags: l.flags,
        player_flags,
        phases,
        parts: l.parts,
        lines,
        hands: l.hands,
        options: super::options::Declared::default(),
        assignment: super::options::Assignment::default(),
    })
}

/// The directions named by a `Direction` argument.
fn dir_words(nodes: &[&Node]) -> Vec<RelDir> {
    let mut out = Vec::new();
    for n in nodes {
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
    fn ctx(&self, mover: Option<usize>) -> SiteCtx<'_> {
        SiteCtx {
            board: &self.board,
            regions: &self.regions,
            players: &self.players,
            mover,
            pieces: &self.piece_names,
            start: Some(&self.start),
        }
    }

    fn per_player(&self, n: &Node) -> PlayerSites {
        per_player(n, &self.ctx(Some(0)))
    }

    fn piece(&self, name: &str) -> Option<usize> {
        self.piece_names.iter().position(|p| p == name)
    }

    fn flag(&mut self, name: &str) -> u8 {
        match self.flags.iter().position(|f| f == name) {
            Some(i) => i as u8,
            None => {
                self.flags.push(name.to_string());
                (self.flags.len() - 1) as u8
            }
        }
    }

    fn player_flag(&mut self, name: &str) -> u8 {
        match self.player_flags.iter().position(|f| f == name) {
            Some(i) => i as u8,
            None => {
                self.player_flags.push(name.to_string());
                (self.player_flags.len() - 1) as u8
            }
        }
    }

    fn player_index(&self, n: &Node) -> u8 {
        n.as_ident()
            .and_then(|s| self.players.iter().position(|p| p.0 == s))
            .unwrap_or(0) as u8
    }

    fn player_ref(&self, n: Option<&Node>) -> PlayerRef {
        match n.and_then(Node::as_ident) {
            Some("Mover") => PlayerRef::Mover,
            Some("Next") | None => PlayerRef::Next,
            Some("Opponent") => PlayerRef::Opponent,
            Some(s) => {
                PlayerRef::Fixed(self.players.iter().position(|p| p.0 == s).unwrap_or(0) as u8)
            }
        }
    }
}
