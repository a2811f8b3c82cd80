//! The checked syntax tree → the [`Model`]. The checks have run, so every form
//! binds and every name resolves; what is still wrong here (too many pieces,
//! a third player) is reported, never assumed away.

use super::bind::{bind, ludeme_of, Bound};
use super::board::{Board, Dir};
use super::model::{
    CmpOp, Cond, Effect, EndDef, Events, ForbidDef, Info, IntExpr, KindExpr, Model, MoveDef,
    MoveKind, OutcomeDef, PartDef, Pattern, PhaseDef, PieceDef, Placement, PlayerDef,
    PlayerFlagDef, PlayerRef, PlayerSites, PromotionDef, RelDir, Shape, SiteRef, Target, Worth,
    MAX_COUNTERS, MAX_FLAGS, MAX_MOVE_RULES, MAX_PIECES, MAX_PLAYERS, MAX_PLAYER_FLAGS,
};
use super::sites::{eval, per_player, players, region_nodes, Regions, SiteCtx};
use crate::diagnostics::{BadPlayers, Problem, TooMany};
use crate::syntax::ast::{Node, NodeKind};

struct Lower<'a> {
    board: Board,
    players: Vec<(String, Dir)>,
    piece_names: Vec<String>,
    regions: Regions<'a>,
    start: Vec<Placement>,
    shifts: Vec<(u8, u8)>,
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
                        _ => Board::rectangle(int("size"), int("size")),
                    };
                }
                marked = b.one("marked");
                line_nodes = b.all("lines");
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

    let lines: Vec<Vec<u8>> = line_nodes
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

    fn effects(&mut self, nodes: &[&Node], piece: Option<usize>) -> Vec<Effect> {
        let mut out = Vec::new();
        for n in nodes {
            let Some(b) = bound(n) else { continue };
            match b.ludeme.name {
                "flag" => {
                    let name = b.one("name").and_then(Node::as_str).unwrap_or("");
                    out.push(Effect::SetFlag(self.flag(name)));
                }
                "moveAgain" => {
                    let g = b.one("if").map(|c| self.cond(c));
                    out.push(Effect::MoveAgain(g));
                }
                "enPassant" => out.push(Effect::EnPassant),
                "continue" => {
                    let k = self.parts.len();
                    // Its place first: moves inside it may continue too.
                    self.parts.push(PartDef {
                        moves: Vec::new(),
                        cond: None,
                        optional: truthy(b.one("optional")),
                        text: n.to_string(),
                        span: n.span,
                    });
                    let cond = b.one("if").map(|c| self.cond(c));
                    let mut mine = Vec::new();
                    for mr in b.all("moves") {
                        let Some(mb) = bound(mr) else { continue };
                        let owner = match mb.ludeme.name {
                            "drop" | "remove" | "pass" => None,
                            _ => piece,
                        };
                        for mut md in self.move_defs(&mb, mr, owner) {
                            md.part = Some(k);
                            mine.push(self.part_moves.len());
                            self.part_moves.push(md);
                        }
                    }
                    if self.parts[k].optional {
                        mine.push(self.part_moves.len());
                        self.part_moves.push(MoveDef {
                            piece: None,
                            kind: MoveKind::Pass,
                            target: Target::Empty,
                            guard: None,
                            from: None,
                            effects: Vec::new(),
                            when_stuck: false,
                            stay: false,
                            phase: None,
                            part: Some(k),
                            put: None,
                            avoid: None,
                            text: "(pass)".into(),
                            span: n.span,
                        });
                    }
                    self.parts[k].cond = cond;
                    self.parts[k].moves = mine;
                    out.push(Effect::Continue(k));
                }
                "flip" => {
                    if let Some(p) = b.one("squares").map(|n| self.pattern(n)) {
                        out.push(Effect::Flip(p));
                    }
                }
                "capture" => {
                    if let Some(p) = b.one("squares").map(|n| self.pattern(n)) {
                        out.push(Effect::Capture(p));
                    }
                }
                _ => {}
            }
        }
        out
    }

    /// A pattern of squares around a move.
    fn pattern(&mut self, n: &Node) -> Pattern {
        let b = bound(n);
        let shape = match b.as_ref().map(|b| b.ludeme.name) {
            Some("bracketed") => Shape::Bracketed,
            Some("surrounded") => Shape::Surrounded,
            _ => Shape::Sandwiched,
        };
        let Some(b) = b else {
            return Pattern {
                shape,
                dirs: Vec::new(),
                kinds: 0,
                at: None,
                hostile: None,
            };
        };
        let kinds = b
            .all("piece")
            .iter()
            .filter_map(|n| n.as_str().and_then(|s| self.piece(s)))
            .fold(0u32, |acc, k| acc | 1 << k);
        Pattern {
            shape,
            dirs: dir_words(&b.all("dirs")),
            kinds,
            at: b.one("at").map(|s| self.per_player(s)),
            hostile: b.one("hostile").map(|s| self.per_player(s)),
        }
    }

    /// The move rules a move ludeme makes: one, or for `(betza ...)` one
    /// per atom and shape (the checker has refused what cannot be played).
    fn move_defs(&mut self, rb: &Bound<'_>, r: &Node, piece: Option<usize>) -> Vec<MoveDef> {
        if rb.ludeme.name != "betza" {
            return vec![self.move_def(rb, r, piece)];
        }
        let text = rb.one("notation").and_then(Node::as_str).unwrap_or("");
        let Ok(shapes) = super::betza::parse(text)
            .map_err(|_| ())
            .and_then(|m| super::betza_moves::shapes(&m).map_err(|_| ()))
        else {
            return Vec::new();
        };
        let user_guard = rb.one("if").map(|c| self.cond(c));
        let from = rb.one("from").map(|s| self.per_player(s));
        let effects = self.effects(&rb.all("then"), piece);
        let put = rb
            .one("put")
            .and_then(Node::as_str)
            .and_then(|s| self.piece(s));
        let avoid = rb.one("avoid").map(|s| self.per_player(s));
        shapes
            .into_iter()
            .map(|sh| {
                let guard = match (sh.initial, &user_guard) {
                    (false, g) => g.clone(),
                    (true, None) => Some(Cond::Unmoved(SiteRef::From)),
                    (true, Some(g)) => {
                        Some(Cond::And(vec![Cond::Unmoved(SiteRef::From), g.clone()]))
                    }
                };
                MoveDef {
                    piece,
                    kind: sh.kind,
                    target: sh.target,
                    guard,
                    from: from.clone(),
                    effects: effects.clone(),
                    when_stuck: truthy(rb.one("whenStuck")),
                    stay: truthy(rb.one("stay")),
                    phase: None,
                    part: None,
                    put,
                    avoid: avoid.clone(),
                    text: format!("(betza \"{}\")", &text[sh.span.clone()]),
                    span: r.span,
                }
            })
            .collect()
    }

    fn move_def(&mut self, rb: &Bound<'_>, r: &Node, piece: Option<usize>) -> MoveDef {
        let target = match rb.one("to").and_then(Node::as_ident) {
            Some("Empty") => Target::Empty,
            Some("Enemy") => Target::Enemy,
            Some("EnPassant") => Target::EnPassant,
            _ => Target::NotFriend,
        };
        let kind = match rb.ludeme.name {
            "drop" => MoveKind::Drop {
                piece: rb
                    .one("piece")
                    .and_then(Node::as_str)
                    .and_then(|s| self.piece(s))
                    .unwrap_or(0),
                sites: rb
                    .one("sites")
                    .map_or_else(Vec::new, |s| self.per_player(s)),
                gravity: rb
                    .one("gravity")
                    .and_then(Node::as_ident)
                    .and_then(crate::compile::board::Dir::from_name),
                from_hand: truthy(rb.one("fromHand")),
            },
            "along" => MoveKind::Along,
            "fly" => MoveKind::Fly(
                rb.one("sites")
                    .map_or_else(Vec::new, |s| self.per_player(s)),
            ),
            "jump" => MoveKind::CaptureJump {
                dirs: dir_words(&rb.all("dirs")),
                again: truthy(rb.one("again")),
            },
            "castle" => MoveKind::Castle {
                partner: rb
                    .one("with")
                    .and_then(Node::as_str)
                    .and_then(|s| self.piece(s))
                    .unwrap_or(0),
                steps: rb.one("steps").and_then(Node::as_int).unwrap_or(2).max(1) as u32,
            },
            "step" => MoveKind::Step(dir_words(&rb.all("dirs"))),
            "slide" => MoveKind::Slide(
                dir_words(&rb.all("dirs")),
                rb.one("min").and_then(Node::as_int).unwrap_or(1).max(1) as u32,
                rb.one("max").and_then(Node::as_int).map(|m| m as u32),
            ),
            "pass" => MoveKind::Pass,
            "remove" => MoveKind::Remove(
                rb.one("sites")
                    .map_or_else(Vec::new, |s| self.per_player(s)),
            ),
            _ => MoveKind::Leap(
                rb.one("across").and_then(Node::as_int).unwrap_or(0) as i32,
                rb.one("ahead").and_then(Node::as_int).unwrap_or(0) as i32,
            ),
        };
        let guard = rb.one("if").map(|c| self.cond(c));
        let from = rb.one("from").map(|s| self.per_player(s));
        let effects = self.effects(&rb.all("then"), piece);
        MoveDef {
            piece,
            target: match (&kind, rb.ludeme.name) {
                (_, "remove") => Target::Enemy,
                (MoveKind::Pass, _) => Target::Empty,
                (
                    MoveKind::Castle { .. } | MoveKind::Drop { .. } | MoveKind::CaptureJump { .. },
                    _,
                ) => Target::Empty,
                _ => target,
            },
            kind,
            guard,
            from,
            effects,
            when_stuck: truthy(rb.one("whenStuck")),
            stay: truthy(rb.one("stay")),
            phase: None,
            part: None,
            put: rb
                .one("put")
                .and_then(Node::as_str)
                .and_then(|s| self.piece(s)),
            avoid: rb.one("avoid").map(|s| self.per_player(s)),
            text: r.to_string(),
            span: r.span,
        }
    }

    fn promotion(&mut self, b: &Bound<'_>, node: &Node) -> PromotionDef {
        let zone = b.one("at").map_or_else(Vec::new, |at| self.per_player(at));
        let mut fixed = Vec::new();
        let mut to = None;
        for n in b.all("to") {
            match &n.kind {
                NodeKind::Str(s) => fixed.extend(self.piece(s)),
                NodeKind::Form(f) if f.head == "startKind" => {
                    let site = f.args.first().map_or(SiteRef::To, |x| self.site(x));
                    to = Some(KindExpr::StartKind(site));
                }
                NodeKind::Form(f) if f.head == "lostKinds" => to = Some(KindExpr::Lost),
                _ => {}
            }
        }
        let to = to.unwrap_or(KindExpr::Fixed(fixed));
        PromotionDef {
            zone,
            to,
            guard: b.one("if").map(|c| self.cond(c)),
            optional: truthy(b.one("optional")),
            effects: self.effects(&b.all("then"), None),
            identity: b.one("as").map(|s| self.site(s)),
            relocate: b.one("moveTo").map(|s| self.site(s)),
            text: node.to_string(),
            span: node.span,
        }
    }

    fn forbid(&mut self, fb: &Bound<'_>, f: &Node) -> Option<ForbidDef> {
        let c = fb.one("cond")?;
        let cond = self.cond(c);
        let reason = fb
            .one("reason")
            .and_then(Node::as_str)
            .map_or_else(|| format!("it is forbidden by {c}"), str::to_string);
        Some(ForbidDef {
            cond,
            reason,
            unless_all: truthy(fb.one("unlessAll")),
            text: f.to_string(),
            span: f.span,
        })
    }

    fn site(&mut self, n: &Node) -> SiteRef {
        if let Some(s) = n.as_ident() {
            return self.board.parse(s).map_or(SiteRef::From, SiteRef::Square);
        }
        let Some(b) = bound(n) else {
            return SiteRef::From;
        };
        match b.ludeme.name {
            "to" => SiteRef::To,
            "origin" => SiteRef::Origin,
            "adjacent" => dir_words(&b.all("dir"))
                .first()
                .map_or(SiteRef::From, |d| SiteRef::Adjacent(*d)),
            "homeOf" => SiteRef::HomeOf(Box::new(
                b.one("square").map_or(SiteRef::To, |x| self.site(x)),
            )),
            "startSquare" => SiteRef::StartOf(
                b.one("piece")
                    .and_then(Node::as_str)
                    .and_then(|s| self.piece(s))
                    .unwrap_or(0) as u8,
            ),
            _ => SiteRef::From,
        }
    }

    fn cond(&mut self, n: &Node) -> Cond {
        let Some(b) = bound(n) else {
            return Cond::And(Vec::new());
        };
        let player = |this: &Self| this.player_ref(b.one("player"));
        let piece = |this: &Self| {
            b.one("piece")
                .and_then(Node::as_str)
                .and_then(|s| this.piece(s))
                .unwrap_or(0) as u8
        };
        match b.ludeme.name {
            "and" => Cond::And(b.all("conds").iter().map(|c| self.cond(c)).collect()),
            "or" => Cond::Or(b.all("conds").iter().map(|c| self.cond(c)).collect()),
            "not" => Cond::Not(Box::new(
                b.one("cond")
                    .map_or(Cond::And(Vec::new()), |c| self.cond(c)),
            )),
            "inCheck" => Cond::InCheck(player(self)),
            "is" => Cond::Is(player(self), self.player_ref(b.one("other"))),
            "noMoves" => Cond::NoMoves(
                player(self),
                b.one("stuckMoves").and_then(Node::as_ident) != Some("False"),
            ),
            "repeated" => Cond::Repeated(b.one("times").and_then(Node::as_int).unwrap_or(3) as u32),
            "perpetualCheck" => {
                Cond::PerpetualCheck(b.one("times").and_then(Node::as_int).unwrap_or(3) as u32)
            }
            "unmoved" => Cond::Unmoved(b.one("square").map_or(SiteRef::From, |x| self.site(x))),
            "atStart" => Cond::AtStart(b.one("square").map_or(SiteRef::From, |x| self.site(x))),
            "flagged" => {
                let name = b.one("name").and_then(Node::as_str).unwrap_or("");
                let f = self.flag(name);
                Cond::Flagged(f, b.one("square").map_or(SiteRef::From, |x| self.site(x)))
            }
            "remembers" => {
                let name = b.one("name").and_then(Node::as_str).unwrap_or("");
                Cond::Remembers(player(self), self.player_flag(name))
            }
            "lost" => Cond::Lost(player(self), piece(self)),
            "lostCouldReach" => Cond::LostCouldReach,
            "kindIs" => Cond::KindIs(piece(self)),
            "removing" => Cond::Removing,
            "capturing" => Cond::Capturing,
            "absent" => Cond::Absent(b.one("square").map_or(SiteRef::To, |x| self.site(x))),
            "in" => {
                let site = b.one("square").map_or(SiteRef::To, |x| self.site(x));
                let sites = b.one("sites").map_or_else(Vec::new, |s| self.per_player(s));
                Cond::In(site, sites)
            }
            "attacked" => {
                let site = b.one("square").map_or(SiteRef::To, |x| self.site(x));
                let by = match b.one("by") {
                    Some(p) => self.player_ref(Some(p)),
                    None => PlayerRef::Opponent,
                };
                Cond::Attacked(site, by)
            }
            "checks" => Cond::Checks(b.one("square").map_or(SiteRef::To, |x| self.site(x))),
            "checkedBy" => Cond::CheckedBy(player(self), piece(self)),
            "material" => {
                let mut counts = [0u8; crate::compile::model::MAX_PIECES];
                for n in b.all("pieces") {
                    if let Some(k) = n.as_str().and_then(|s| self.piece(s)) {
                        counts[k] = counts[k].saturating_add(1);
                    }
                }
                Cond::Material(player(self), counts)
            }
            "sameShade" => Cond::SameShade(piece(self)),
            "inARow" => Cond::InARow(
                player(self),
                b.one("length").and_then(Node::as_int).unwrap_or(1).max(1) as u32,
                truthy(b.one("exact")),
            ),
            "reached" => {
                let p = player(self);
                let sites = b.one("sites").map_or_else(Vec::new, |s| self.per_player(s));
                let kind = b
                    .one("piece")
                    .and_then(Node::as_str)
                    .and_then(|s| self.piece(s))
                    .map(|k| k as u8);
                Cond::Reached(p, sites, kind)
            }
            "exists" => match b.one("squares") {
                Some(n) => Cond::Exists(self.pattern(n)),
                None => Cond::Or(Vec::new()),
            },
            "passes" => {
                Cond::Passes(b.one("times").and_then(Node::as_int).unwrap_or(1).max(1) as u32)
            }
            "holds" => Cond::Holds(
                b.one("square").map_or(SiteRef::To, |x| self.site(x)),
                piece(self),
                b.one("owner").map(|p| self.player_ref(Some(p))),
            ),
            "inLine" => Cond::InLine(b.one("square").map_or(SiteRef::To, |x| self.site(x))),
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
        if b.ludeme.name == "inHand" {
            return IntExpr::InHand(
                self.player_ref(b.one("player")),
                b.one("piece")
                    .and_then(Node::as_str)
                    .and_then(|s| self.piece(s))
                    .map(|p| p as u8),
            );
        }
        if b.ludeme.name == "count" {
            let p = self.player_ref(b.one("player"));
            let kind = b
                .one("piece")
                .and_then(Node::as_str)
                .and_then(|s| self.piece(s))
                .map(|p| p as u8);
            return match b.one("in") {
                Some(s) => IntExpr::CountIn(p, kind, self.per_player(s)),
                None => IntExpr::Count(p, kind),
            };
        }
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
