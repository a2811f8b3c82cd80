//! Conditions that would need themselves to be judged.
//!
//! Some conditions make the interpreter work out more than the position
//! shows. `(inCheck P)`, `(attacked S)`, `(checks S)`, `(checkedBy P K)` and
//! `(perpetualCheck N)` ask whether pieces attack a square; `(noMoves P)`
//! asks for a player's moves. Working those out judges conditions in turn:
//!
//! - an **attack test** on a player's pieces of a kind judges the `if:` of
//!   every rule by which such a piece captures in normal play, and the `if:`
//!   of the promotions such a capture would make;
//! - **finding a player's moves** judges the `if:` of every move rule, the
//!   conditions of their effects, the remembered facts (after each move),
//!   the restrictions (`forbid`, the game's and the phase's) and, for the
//!   check rule, attack tests.
//!
//! If, along that chain, a condition asks for itself again, the question has
//! no end. The game's restrictions alone are judged in levels (a restriction
//! tests the opponent's moves by the restrictions before it only), so a
//! chain of them always ends; every other step of the chain, a phase's
//! restrictions included, is judged in full.
//! This check refuses every condition that lies on a chain that comes back to
//! it through at least one step of the second kind, before the interpreter
//! ever meets it. Players are told apart (a rule judged for White asks about
//! White or Black), and kinds of piece too, so that a promotion that asks
//! whether the promoted piece gives check is fine as long as the kinds it
//! can become do not ask the same.

use super::board::Dir;
use super::model::{Cond, Effect, KindExpr, Model, MoveKind, PlayerRef, SiteRef, Target};
use crate::compile::board::Sq;
use crate::diagnostics::{Problem, RecursiveCondition};
use crate::source::Span;

/// Every condition of `model` that would need itself to be judged.
pub(crate) fn check(model: &Model) -> Vec<Problem> {
    let g = Graph::build(model);
    let mut problems: Vec<Problem> = Vec::new();
    let mut seen: Vec<Span> = Vec::new();
    for e in &g.edges {
        let Some(via) = &e.via else { continue };
        if seen.contains(&via.span) || !g.reaches(e.to, e.from) {
            continue;
        }
        seen.push(via.span);
        let chain = format!(
            "it asks {}, and working that out comes back to {}, which judges this condition again",
            e.asks,
            g.describe(e.from)
        );
        problems.push(RecursiveCondition::new(via.span, via.text.clone(), chain).help(
            "an attack test judges the conditions of the rules that capture, and finding a player's \
             moves judges every move's condition, so such a condition cannot ask about attacks, \
             check or moves that lead back to it; ask it in a `(forbid ...)` restriction instead \
             (judged after the move, and in levels), or make the rule not capture (`to:Empty`) \
             if it only moves",
        ));
    }
    problems
}

/// What a step of the chain is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Node {
    /// An attack test on the pieces of a player, of one kind.
    Attack(u8, u8),
    /// Finding a player's moves.
    Moves(u8),
}

/// A condition judged in full: the place the problem is reported.
struct Via {
    span: Span,
    text: String,
}

struct Edge {
    from: usize,
    to: usize,
    /// `None` for a step judged in levels (restrictions, the check rule).
    via: Option<Via>,
    /// What the condition asks, in words.
    asks: &'static str,
}

struct Graph<'m> {
    model: &'m Model,
    players: u8,
    kinds: u8,
    edges: Vec<Edge>,
    /// The kind that starts on each square (the last placed there).
    start_kind: Vec<Option<u8>>,
}

impl<'m> Graph<'m> {
    fn build(model: &'m Model) -> Self {
        let mut start_kind = vec![None; model.board.len()];
        for p in &model.start {
            if let Some(k) = start_kind.get_mut(p.sq as usize) {
                *k = Some(p.piece);
            }
        }
        let mut g = Graph {
            model,
            players: model.players.len() as u8,
            kinds: model.pieces.len() as u8,
            edges: Vec::new(),
            start_kind,
        };
        for p in 0..g.players {
            g.attack_steps(p);
            g.move_steps(p);
        }
        g
    }

    fn index(&self, n: Node) -> usize {
        match n {
            Node::Attack(p, k) => p as usize * self.kinds as usize + k as usize,
            Node::Moves(p) => self.players as usize * self.kinds as usize + p as usize,
        }
    }

    fn node(&self, i: usize) -> Node {
        let k = self.kinds as usize;
        if i < self.players as usize * k {
            Node::Attack((i / k) as u8, (i % k) as u8)
        } else {
            Node::Moves((i - self.players as usize * k) as u8)
        }
    }

    fn describe(&self, i: usize) -> String {
        let name = |p: u8| self.model.players[p as usize].name.clone();
        match self.node(i) {
            Node::Attack(p, k) => format!(
                "testing whether a {} of {} attacks a square",
                self.model.pieces[k as usize].name,
                name(p)
            ),
            Node::Moves(p) => format!("finding {}'s moves", name(p)),
        }
    }

    /// Whether `to` can be reached from `from` (in one step or more).
    fn reaches(&self, from: usize, to: usize) -> bool {
        let n = self.players as usize * (self.kinds as usize + 1);
        let mut seen = vec![false; n];
        let mut stack = vec![from];
        while let Some(u) = stack.pop() {
            if u == to {
                return true;
            }
            if std::mem::replace(&mut seen[u], true) {
                continue;
            }
            stack.extend(self.edges.iter().filter(|e| e.from == u).map(|e| e.to));
        }
        false
    }

    /// The steps of an attack test on `p`'s pieces of each kind.
    fn attack_steps(&mut self, p: u8) {
        let model = self.model;
        for k in 0..self.kinds {
            let from = self.index(Node::Attack(p, k));
            for md in &model.moves {
                let captures = md.piece == Some(k as usize)
                    && md.phase.is_none()
                    && !md.when_stuck
                    && md.target != Target::Empty
                    && !matches!(md.kind, MoveKind::Remove(_));
                if let (true, Some(c)) = (captures, &md.guard) {
                    self.judged(from, c, p, None, md.span, &md.text);
                }
            }
            for pr in &model.pieces[k as usize].promotions {
                if let Some(c) = &pr.guard {
                    let offers = self.offers(&pr.to, &pr.zone, p, k);
                    self.judged(from, c, p, Some(&offers), pr.span, &pr.text);
                }
            }
        }
    }

    /// The steps of finding `p`'s moves.
    fn move_steps(&mut self, p: u8) {
        let model = self.model;
        let from = self.index(Node::Moves(p));
        for md in &model.moves {
            if let Some(c) = &md.guard {
                self.judged(from, c, p, None, md.span, &md.text);
            }
            for e in &md.effects {
                if let Effect::MoveAgain(Some(c)) = e {
                    self.judged(from, c, p, None, md.span, &md.text);
                }
            }
        }
        for (k, piece) in model.pieces.iter().enumerate() {
            for pr in &piece.promotions {
                let offers = self.offers(&pr.to, &pr.zone, p, k as u8);
                if let Some(c) = &pr.guard {
                    self.judged(from, c, p, Some(&offers), pr.span, &pr.text);
                }
                for e in &pr.effects {
                    if let Effect::MoveAgain(Some(c)) = e {
                        self.judged(from, c, p, Some(&offers), pr.span, &pr.text);
                    }
                }
            }
        }
        for f in &model.player_flags {
            self.judged(from, &f.cond, p, None, f.span, &f.name);
        }
        // A phase's restrictions are judged in full, by every rule.
        for f in model.phases.iter().flat_map(|ph| &ph.forbids) {
            self.judged(from, &f.cond, p, None, f.span, &f.text);
        }
        // Judged in levels: each of the game's restrictions tests moves by
        // those before it (and the phase's) only.
        let mut reads = Vec::new();
        for f in &model.forbids {
            self.reads(&f.cond, p, None, &mut reads);
        }
        // The check rule: attack tests on every other player's pieces.
        for q in (0..self.players).filter(|&q| q != p) {
            for k in 0..self.kinds {
                reads.push((Node::Attack(q, k), "whether a square is attacked"));
            }
        }
        for (n, asks) in reads {
            let to = self.index(n);
            self.edges.push(Edge {
                from,
                to,
                via: None,
                asks,
            });
        }
    }

    /// Adds the steps of a condition judged in full, for a move of `p`.
    fn judged(
        &mut self,
        from: usize,
        c: &Cond,
        p: u8,
        offers: Option<&[u8]>,
        span: Span,
        text: &str,
    ) {
        let mut reads = Vec::new();
        self.reads(c, p, offers, &mut reads);
        for (n, asks) in reads {
            let to = self.index(n);
            self.edges.push(Edge {
                from,
                to,
                via: Some(Via {
                    span,
                    text: text.to_string(),
                }),
                asks,
            });
        }
    }

    /// The players a reference can name, for a move (or the last move) of `p`.
    fn named(&self, r: PlayerRef, p: u8) -> Vec<u8> {
        match r {
            PlayerRef::Mover => vec![p],
            PlayerRef::Opponent => vec![(p + 1) % self.players.max(1)],
            PlayerRef::Fixed(i) => vec![i],
            // Whoever is to move in the position judged: any player.
            PlayerRef::Next => (0..self.players).collect(),
        }
    }

    /// What judging `c` (for a move of `p`) works out.
    fn reads(&self, c: &Cond, p: u8, offers: Option<&[u8]>, out: &mut Vec<(Node, &'static str)>) {
        let all_kinds = |q: u8, out: &mut Vec<(Node, &'static str)>, asks| {
            for k in 0..self.kinds {
                out.push((Node::Attack(q, k), asks));
            }
        };
        let others = |q: u8| (0..self.players).filter(move |&o| o != q);
        match c {
            Cond::And(cs) | Cond::Or(cs) => {
                for c in cs {
                    self.reads(c, p, offers, out);
                }
            }
            Cond::Not(c) => self.reads(c, p, offers, out),
            Cond::InCheck(r) => {
                for q in self.named(*r, p) {
                    for o in others(q) {
                        all_kinds(o, out, "whether a player is in check");
                    }
                }
            }
            Cond::PerpetualCheck(_) => {
                for q in 0..self.players {
                    all_kinds(q, out, "whether a player is in check");
                }
            }
            Cond::Attacked(_, r) => {
                for q in self.named(*r, p) {
                    all_kinds(q, out, "whether a square is attacked");
                }
            }
            Cond::CheckedBy(r, k) => {
                for q in self.named(*r, p) {
                    for o in others(q) {
                        out.push((Node::Attack(o, *k), "whether a player is in check"));
                    }
                }
            }
            Cond::Checks(s) => match offers {
                // In a promotion: the piece it would become, on its square.
                Some(ks) if *s == SiteRef::To => {
                    for &k in ks {
                        out.push((Node::Attack(p, k), "whether a piece gives check"));
                    }
                }
                _ => {
                    for q in 0..self.players {
                        all_kinds(q, out, "whether a piece gives check");
                    }
                }
            },
            Cond::NoMoves(r, _) => {
                for q in self.named(*r, p) {
                    out.push((Node::Moves(q), "whether a player has a move"));
                }
            }
            Cond::Is(..)
            | Cond::Repeated(_)
            | Cond::RepeatedBoard(_)
            | Cond::Cmp(..)
            | Cond::Unmoved(_)
            | Cond::AtStart(_)
            | Cond::Flagged(..)
            | Cond::Remembers(..)
            | Cond::Lost(..)
            | Cond::LostCouldReach
            | Cond::KindIs(_)
            | Cond::Removing
            | Cond::Passing
            | Cond::Capturing
            | Cond::Absent(_)
            | Cond::In(..)
            | Cond::Material(..)
            | Cond::Holds(..)
            | Cond::NextTo(..)
            | Cond::InLine(_)
            | Cond::InARow(..)
            | Cond::SameShade(_)
            | Cond::Reached(..)
            | Cond::Connected(..)
            | Cond::Exists(_)
            | Cond::Passes(_) => {}
        }
    }

    /// The kinds a promotion of `p`'s piece of kind `k` can offer.
    fn offers(&self, to: &KindExpr, zone: &[Vec<Sq>], p: u8, k: u8) -> Vec<u8> {
        let every = || (0..self.kinds).collect::<Vec<u8>>();
        match to {
            KindExpr::Fixed(ks) => ks.iter().map(|&x| x as u8).collect(),
            // Never a royal kind, nor the promoting kind itself.
            KindExpr::Lost => (0..self.kinds)
                .filter(|&x| x != k && !self.model.pieces[x as usize].royal)
                .collect(),
            KindExpr::StartKind(site) => {
                let Some(squares) = zone.get(p as usize) else {
                    return every();
                };
                let mut out = Vec::new();
                for &z in squares {
                    let Some(q) = self.fixed_site(site, p, z) else {
                        return every();
                    };
                    if let Some(Some(kind)) = self.start_kind.get(q as usize) {
                        if !out.contains(kind) {
                            out.push(*kind);
                        }
                    }
                }
                out
            }
        }
    }

    /// The square a site names for a move of `p` to `z`, where that does not
    /// depend on where the piece came from.
    fn fixed_site(&self, site: &SiteRef, p: u8, z: Sq) -> Option<Sq> {
        match site {
            SiteRef::To => Some(z),
            SiteRef::Square(q) => Some(*q),
            SiteRef::StartOf(k) => self
                .model
                .start
                .iter()
                .find(|pl| pl.player == p && pl.piece == *k)
                .map(|pl| pl.sq),
            SiteRef::HomeOf(inner) => {
                let mut cur = self.fixed_site(inner, p, z)?;
                let back: Dir = self.model.players[p as usize].forward.opposite();
                while let Some(n) = self.model.board.step(cur, back) {
                    cur = n;
                }
                Some(cur)
            }
            SiteRef::From | SiteRef::Adjacent(_) | SiteRef::Origin => None,
        }
    }
}
