//! Lowering conditions, numbers, squares and patterns.

use super::{bound, dir_words, truthy, Lower};
use crate::compile::model::{CmpOp, Cond, Events, IntExpr, Pattern, PlayerRef, Shape, SiteRef};
use crate::syntax::ast::{Node, NodeKind};

impl Lower<'_> {
    /// A pattern of squares around a move.
    pub(super) fn pattern(&mut self, n: &Node) -> Pattern {
        let b = bound(n);
        let shape = match b.as_ref().map(|b| b.ludeme.name) {
            Some("bracketed") => Shape::Bracketed,
            Some("surrounded") => Shape::Surrounded,
            Some("enclosed") => Shape::Enclosed,
            Some("around") => Shape::Around,
            _ => Shape::Sandwiched,
        };
        let Some(b) = b else {
            return Pattern {
                shape,
                dirs: Vec::new(),
                kinds: 0,
                at: None,
                hostile: None,
                line: (1, u32::MAX),
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
            line: match shape {
                Shape::Sandwiched => (1, 1),
                _ => (
                    b.one("min").and_then(Node::as_int).unwrap_or(1).max(1) as u32,
                    b.one("max")
                        .and_then(Node::as_int)
                        .map_or(u32::MAX, |m| m.max(1) as u32),
                ),
            },
        }
    }

    pub(super) fn site(&mut self, n: &Node) -> SiteRef {
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

    pub(super) fn cond(&mut self, n: &Node) -> Cond {
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
            "repeated" => {
                let n = b.one("times").and_then(Node::as_int).unwrap_or(3) as u32;
                if truthy(b.one("board")) {
                    Cond::RepeatedBoard(n)
                } else {
                    Cond::Repeated(n)
                }
            }
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
            "passing" => Cond::Passing,
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
            "connected" => {
                let p = player(self);
                let sites = |k: &str| b.one(k).map_or_else(Vec::new, |s| self.per_player(s));
                Cond::Connected(p, sites("from"), sites("to"))
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
            "nextTo" => Cond::NextTo(
                dir_words(&b.all("dirs")),
                b.all("piece")
                    .iter()
                    .filter_map(|n| n.as_str().and_then(|s| self.piece(s)))
                    .fold(0u32, |acc, k| acc | 1 << k),
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

    pub(super) fn int(&mut self, n: &Node) -> IntExpr {
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
        if b.ludeme.name == "size" {
            return match b.one("squares").map(|n| self.pattern(n)) {
                Some(p) => IntExpr::Size(Box::new(p)),
                None => IntExpr::Lit(0),
            };
        }
        if b.ludeme.name == "score" {
            return IntExpr::Score(self.player_ref(b.one("player")));
        }
        if b.ludeme.name == "liberties" {
            return IntExpr::Liberties(
                b.one("square").map_or(SiteRef::To, |x| self.site(x)),
                dir_words(&b.all("dirs")),
            );
        }
        if b.ludeme.name == "captured" {
            return IntExpr::Captured;
        }
        if b.ludeme.name == "+" {
            return IntExpr::Sum(b.all("terms").iter().map(|x| self.int(x)).collect());
        }
        if b.ludeme.name == "-" {
            let left = b.one("left").map_or(IntExpr::Lit(0), |x| self.int(x));
            let right = b.one("right").map_or(IntExpr::Lit(0), |x| self.int(x));
            return IntExpr::Diff(Box::new(left), Box::new(right));
        }
        if b.ludeme.name == "area" {
            return IntExpr::Area(self.player_ref(b.one("player")), dir_words(&b.all("dirs")));
        }
        if b.ludeme.name == "count" {
            let p = self.player_ref(b.one("player"));
            let kind = b
                .one("piece")
                .and_then(Node::as_str)
                .and_then(|s| self.piece(s))
                .map(|p| p as u8);
            return match b.one("in") {
                Some(s) => IntExpr::CountIn(p, kind, Box::new(self.per_player(s))),
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
