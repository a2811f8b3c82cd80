//! Lowering moves: move rules, their effects, promotions and forbidden moves.

use super::{bound, dir_words, truthy, Lower};
use crate::compile::bind::Bound;
use crate::compile::model::{
    Cond, Effect, ForbidDef, IntExpr, KindExpr, MaximumDef, MoveClass, MoveDef, MoveKind, PartDef,
    PromotionDef, SiteRef, Target,
};
use crate::syntax::ast::{Node, NodeKind};

impl Lower<'_> {
    pub(super) fn effects(&mut self, nodes: &[&Node], piece: Option<usize>) -> Vec<Effect> {
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
                            origin: n.origin.clone(),
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
                "push" => {
                    out.push(Effect::Push(
                        dir_words(&b.all("dirs")),
                        truthy(b.one("off")),
                    ));
                }
                "addScore" => {
                    let p = self.player_ref(b.one("player"));
                    let n = b.one("amount").map_or(IntExpr::Lit(0), |x| self.int(x));
                    out.push(Effect::AddScore(p, n));
                }
                "transform" => {
                    let p = b.one("squares").map(|n| self.pattern(n));
                    let k = b
                        .one("into")
                        .and_then(Node::as_str)
                        .and_then(|s| self.piece(s));
                    if let (Some(p), Some(k)) = (p, k) {
                        out.push(Effect::Transform(p, k));
                    }
                }
                _ => {}
            }
        }
        out
    }

    /// The move rules a move ludeme makes: one, or for `(betza ...)` one
    /// per atom and shape (the checker has refused what cannot be played).
    pub(super) fn move_defs(
        &mut self,
        rb: &Bound<'_>,
        r: &Node,
        piece: Option<usize>,
    ) -> Vec<MoveDef> {
        if rb.ludeme.name != "betza" {
            return vec![self.move_def(rb, r, piece)];
        }
        let text = rb.one("notation").and_then(Node::as_str).unwrap_or("");
        let Ok(shapes) = crate::compile::betza::parse(text)
            .map_err(|_| ())
            .and_then(|m| crate::compile::betza_moves::shapes(&m).map_err(|_| ()))
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
        let avoid = rb.one("avoid").map(|s| Box::new(self.per_player(s)));
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
                    origin: r.origin.clone(),
                }
            })
            .collect()
    }

    pub(super) fn move_def(&mut self, rb: &Bound<'_>, r: &Node, piece: Option<usize>) -> MoveDef {
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
                far: truthy(rb.one("far")),
                stop_to_promote: rb.one("stopToPromote").is_none_or(|n| truthy(Some(n))),
                by_pieces: truthy(rb.one("byPieces")),
                over: match rb.one("over").and_then(Node::as_ident) {
                    Some("Friend") => crate::compile::model::Jumped::Friend,
                    Some("Any") => crate::compile::model::Jumped::Any,
                    _ => crate::compile::model::Jumped::Enemy,
                },
                takes: rb.one("takes").is_none_or(|n| truthy(Some(n))),
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
        if let MoveKind::Drop {
            piece: k,
            from_hand: true,
            ..
        } = kind
        {
            if k >= crate::compile::model::HAND_KINDS {
                self.problems.push(
                    crate::diagnostics::TooMany::new(
                        r.span,
                        "kinds of piece up to this one, dropped from hand",
                        k + 1,
                        crate::compile::model::HAND_KINDS,
                    )
                    .help("a hand holds the first 8 kinds the game declares: declare the kinds held in hand first"),
                );
            }
        }
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
            avoid: rb.one("avoid").map(|s| Box::new(self.per_player(s))),
            text: r.to_string(),
            span: r.span,
            origin: r.origin.clone(),
        }
    }

    pub(super) fn promotion(&mut self, b: &Bound<'_>, node: &Node) -> PromotionDef {
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
            origin: node.origin.clone(),
        }
    }

    pub(super) fn maximum(&mut self, b: &Bound<'_>, f: &Node) -> Option<MaximumDef> {
        let e = b.one("number")?;
        let expr = self.int(e);
        let reason = b
            .one("reason")
            .and_then(Node::as_str)
            .map_or_else(|| format!("another move makes {e} greater"), str::to_string);
        Some(MaximumDef {
            expr,
            reason,
            text: f.to_string(),
            span: f.span,
        })
    }

    pub(super) fn forbid(&mut self, fb: &Bound<'_>, f: &Node) -> Option<ForbidDef> {
        let c = fb.one("cond")?;
        let cond = self.cond(c);
        let reason = fb
            .one("reason")
            .and_then(Node::as_str)
            .map_or_else(|| format!("it is forbidden by {c}"), str::to_string);
        let by_move =
            [MoveClass::Other, MoveClass::Pass, MoveClass::Removal].map(|k| cond.by_move(k));
        Some(ForbidDef {
            cond,
            by_move,
            reason,
            unless_all: truthy(fb.one("unlessAll")),
            text: f.to_string(),
            span: f.span,
        })
    }
}
