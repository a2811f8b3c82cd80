//! The computer player: alpha-beta search with iterative deepening and a
//! capture search at the leaves. Its evaluation needs nothing from the game
//! file but the rules: a piece is worth its average mobility on an empty
//! board, and a piece that promotes gains part of the difference as it
//! approaches the promotion squares. End rules score as wins, losses, draws.
//! In a game where no move takes a piece or turns one over, so that the
//! pieces on the board never change their balance, but pieces do move (a
//! game of walling the other side's pieces in), the evaluation also weighs
//! each side's freedom to move: the squares its pieces could move to on the
//! board as it stands. Where an end rule wins by a chain of pieces joining
//! two sets of squares (`(connected ...)`), it weighs how many empty squares
//! each side still needs to join them.

use crate::bits::Bits;
use crate::compile::board::Sq;
use crate::engine::{Engine, Gen, GenKind, MoveBuf, NORMAL, NO_KIND};
use crate::game::{on_pos, Position};
use crate::moves::Move;
use crate::state::{code_piece, code_player, Hist, State, EMPTY};

/// How hard the computer player thinks.
#[derive(Clone, Copy, Debug)]
pub struct Settings {
    /// Deepest full-width search, in plies.
    pub max_depth: u32,
    /// Node budget per move. The search stops as soon as it is spent, inside
    /// an iteration too, and plays the best move of the last iteration it
    /// finished (or, if the first is unfinished, the best it has scored).
    pub max_nodes: u64,
    /// Time budget per move, kept the same way as the node budget.
    pub max_time: Option<std::time::Duration>,
    /// Threads searching together (Lazy SMP); 1 searches alone.
    pub threads: usize,
}

impl Default for Settings {
    fn default() -> Self {
        Settings {
            max_depth: 6,
            max_nodes: 60_000,
            max_time: None,
            threads: 1,
        }
    }
}

/// How often (in nodes) the search looks at the clock.
const CLOCK_EVERY: u64 = 256;

const WIN: i32 = 1_000_000;

/// What one square a piece could move to is worth, in hundredths, where
/// the evaluation weighs the freedom to move ([`judges_mobility`]).
const MOBILITY: i32 = 10;

/// What one square fewer to fill before a chain joins its two sets of
/// squares is worth, in hundredths ([`connections`]).
const CONNECT: i32 = 60;

/// What one step nearer to the squares an end rule wants a player's pieces
/// on is worth, in hundredths, per piece ([`goals`]).
const RACE: i32 = 30;

/// The squares end rules that win want a player's pieces on (`(count P
/// in:R)` compared with a number, `(reached P R)`): for each such player,
/// the squares, and the kind asked for ([`NO_KIND`] for any).
fn goals<B: Bits>(e: &Engine<B>) -> Vec<(u8, B, u8)> {
    use crate::compile::model::{CmpOp, Cond, IntExpr, OutcomeDef, PlayerRef};
    /// Whose pieces, on which squares (per player), of which kind.
    type Goal<'c> = (&'c PlayerRef, &'c [Vec<Sq>], Option<u8>);
    fn walk<'c>(c: &'c Cond, out: &mut Vec<Goal<'c>>) {
        match c {
            Cond::And(v) | Cond::Or(v) => v.iter().for_each(|c| walk(c, out)),
            Cond::Reached(p, sites, kind) => out.push((p, sites, *kind)),
            Cond::Cmp(op, a, b) => {
                // Which way the left side should go for the rule to hold:
                // up (more pieces there) or down. `=` to a number above 0
                // asks for pieces to come, `=` to 0 for them to leave.
                let up = match (op, b) {
                    (CmpOp::Gt | CmpOp::Ge, _) => true,
                    (CmpOp::Lt | CmpOp::Le, _) => false,
                    (CmpOp::Eq, IntExpr::Lit(n)) => *n > 0,
                    _ => return,
                };
                let mut left = vec![(a, up), (b, !up)];
                while let Some((x, up)) = left.pop() {
                    match x {
                        IntExpr::CountIn(p, kind, sites) if up => out.push((p, sites, *kind)),
                        IntExpr::Sum(xs) => left.extend(xs.iter().map(|x| (x, up))),
                        IntExpr::Diff(x, y) => left.extend([(&**x, up), (&**y, !up)]),
                        _ => {}
                    }
                }
            }
            _ => {}
        }
    }
    let mut out = Vec::new();
    for end in &e.model.ends {
        let OutcomeDef::Win(winner, ..) = &end.outcome else {
            continue;
        };
        let mut found = Vec::new();
        walk(&end.cond, &mut found);
        for (who, sites, kind) in found {
            for p in 0..e.players() {
                let fits = |r: &PlayerRef| !matches!(r, PlayerRef::Fixed(x) if *x != p);
                // The player the rule counts is the one it makes win.
                if who != winner || !fits(who) {
                    continue;
                }
                let set = sites.get(p as usize).map_or(B::ZERO, |v| B::of(v));
                if !set.is_empty() {
                    out.push((p, set, kind.unwrap_or(NO_KIND)));
                }
            }
        }
    }
    out
}

/// Each square's distance in steps (to any neighbour the board joins) from
/// the nearest square of `to`; `None` where none can be reached.
fn distances<B: Bits>(e: &Engine<B>, to: B) -> Vec<Option<u32>> {
    let b = e.board();
    let mut dist = vec![None; e.squares()];
    let mut queue: std::collections::VecDeque<Sq> = to.iter().collect();
    for q in to.iter() {
        dist[q as usize] = Some(0);
    }
    while let Some(q) = queue.pop_front() {
        let d = dist[q as usize].unwrap_or(0);
        for dir in 0..8 {
            if let Some(n) = b.step(q, crate::compile::board::Dir(dir)) {
                if e.all.has(n) && dist[n as usize].is_none() {
                    dist[n as usize] = Some(d + 1);
                    queue.push_back(n);
                }
            }
        }
    }
    dist
}

/// The chains that end rules ask for (`(connected P A B)`): for each
/// player the rule can be about, the two sets to join.
fn connections<B: Bits>(e: &Engine<B>) -> Vec<(u8, B, B)> {
    use crate::compile::model::{Cond, PlayerRef};
    let set = |s: &[Vec<Sq>], p: usize| s.get(p).map_or(B::ZERO, |v| B::of(v));
    let mut out = Vec::new();
    for end in &e.model.ends {
        let Cond::Connected(who, from, to) = &end.cond else {
            continue;
        };
        for p in 0..e.players() {
            if matches!(who, PlayerRef::Fixed(x) if *x != p) {
                continue;
            }
            out.push((p, set(from, p as usize), set(to, p as usize)));
        }
    }
    out
}

/// Whether the evaluation weighs the freedom to move: no move of the game
/// can take a piece or turn one over (every move lands on an empty square,
/// none removes, jumps to take, captures or flips), so the pieces' values
/// never change the balance; and some piece moves in normal play.
fn judges_mobility<B: Bits>(e: &Engine<B>) -> bool {
    use crate::compile::model::{Effect, MoveKind, Target};
    let quiet = e.model.moves.iter().all(|m| {
        m.target == Target::Empty
            && !matches!(
                m.kind,
                MoveKind::Remove(_) | MoveKind::CaptureJump { takes: true, .. }
            )
            && !m.effects.iter().any(|x| {
                matches!(
                    x,
                    Effect::Capture(_) | Effect::Flip(_) | Effect::Transform(..)
                )
            })
    });
    quiet && e.gens.iter().flatten().any(mobile)
}

/// A piece's move of normal play whose squares [`Engine::reach`] finds.
fn mobile<B: Bits>(g: &Gen<B>) -> bool {
    g.piece != NO_KIND
        && g.phase == NORMAL
        && matches!(
            g.kind,
            GenKind::Leap(_) | GenKind::Slide(_) | GenKind::SlideRange(..) | GenKind::Ride(_)
        )
}

/// Piece values derived from the rules, in hundredths.
pub fn piece_values(pos: &Position) -> Vec<i32> {
    on_pos!(&pos.0, |e, _s, _h| values(e))
}

fn values<B: Bits>(e: &Engine<B>) -> Vec<i32> {
    let n = e.squares() as u32;
    let mut v = vec![0i32; e.model.pieces.len()];
    for (p, val) in v.iter_mut().enumerate() {
        let mut total = 0f64;
        for g in e.gens[0]
            .iter()
            .filter(|g| g.piece as usize == p && g.phase == crate::engine::NORMAL)
        {
            let mut reach = 0u32;
            for sq in 0..n as Sq {
                reach += match &g.kind {
                    GenKind::Leap(t) => t[sq as usize].count(),
                    _ => e.reach(g, sq, B::ZERO).count(),
                };
            }
            let avg = f64::from(reach) / f64::from(n);
            // Moves that cannot capture count half.
            total += match g.target {
                crate::compile::model::Target::Empty => avg * 0.5,
                _ => avg,
            };
        }
        *val = (total * 100.0) as i32 + 50;
    }
    v
}

/// The computer's move, or `None` if there is none. `rng` breaks ties.
pub fn choose(pos: &Position, settings: Settings, rng: &mut fastrand::Rng) -> Option<Move> {
    think(pos, settings, rng).best
}

/// What a search found, and what it cost.
#[derive(Clone, Copy, Debug)]
pub struct Choice {
    /// The move chosen (`None` if there is no legal move).
    pub best: Option<Move>,
    /// Nodes searched (positions whose moves were generated or evaluated).
    pub nodes: u64,
    /// The deepest iteration finished (0 if even the first was cut short).
    pub depth: u32,
    /// How the chosen move looks to the player who makes it.
    pub score: Score,
}

/// A search's judgement of a move, for the player who makes it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Score {
    /// No win or loss found: the balance in hundredths of the rules'
    /// piece values (positive is better for the mover).
    Balance(i32),
    /// The mover wins by force within this many plies.
    WinIn(u32),
    /// The mover loses by force within this many plies, whatever it plays.
    LossIn(u32),
}

impl Score {
    fn of(v: i32) -> Score {
        if v > WIN / 2 {
            Score::WinIn((WIN - v).unsigned_abs())
        } else if v < -WIN / 2 {
            Score::LossIn((WIN + v).unsigned_abs())
        } else {
            Score::Balance(v)
        }
    }
}

/// Searches for the computer's move within the budget of `settings`.
pub fn think(pos: &Position, settings: Settings, rng: &mut fastrand::Rng) -> Choice {
    think_with(pos, settings, rng, Control::default())
}

/// Where a search stands after an iteration, for a report (`info` lines of
/// an engine protocol).
#[derive(Clone, Debug)]
pub struct Progress {
    /// The iteration just finished, in plies.
    pub depth: u32,
    /// The best move's score, for the side to move.
    pub score: Score,
    /// Nodes searched so far.
    pub nodes: u64,
    /// Time spent so far.
    pub elapsed: std::time::Duration,
    /// The line the search expects: the best move first.
    pub pv: Vec<Move>,
}

/// How a search is steered from outside while it runs.
#[derive(Default)]
pub struct Control<'a> {
    /// Set (from another thread) to stop the search: it plays the best move
    /// of the last iteration it finished.
    pub stop: Option<&'a std::sync::atomic::AtomicBool>,
    /// Called after each finished iteration.
    pub report: Option<&'a mut dyn FnMut(&Progress)>,
}

/// The time to spend on a move with `left` on the clock, `increment` added
/// after each move, and `moves_to_go` moves before the clock is topped up
/// (`None`: the rest of the game).
pub fn time_for_move(
    left: std::time::Duration,
    increment: std::time::Duration,
    moves_to_go: Option<u32>,
) -> std::time::Duration {
    let moves = u128::from(moves_to_go.map_or(30, |m| m.clamp(1, 30)));
    let share = left.as_millis() / (moves + 2) + increment.as_millis() * 3 / 4;
    // Never more than half of what is left, and a margin for the reply.
    let cap = left.as_millis() / 2;
    let ms = share.min(cap).saturating_sub(10).max(1);
    std::time::Duration::from_millis(u64::try_from(ms).unwrap_or(u64::MAX))
}

/// [`think`], stopped early by `control.stop` and reporting each
/// finished iteration to `control.report`.
pub fn think_with<'c>(
    pos: &'c Position,
    settings: Settings,
    rng: &mut fastrand::Rng,
    control: Control<'c>,
) -> Choice {
    on_pos!(&pos.0, |e, s, h| {
        let mut search = Search::new(e, settings, h.clone());
        search.stop = control.stop;
        search.report = control.report;
        let (best, depth, score) = search.best(s, rng);
        Choice {
            best,
            nodes: search.nodes,
            depth,
            score: Score::of(score),
        }
    })
}

struct Search<'a, B: Bits> {
    e: &'a Engine<B>,
    /// Set from outside to stop.
    stop: Option<&'a std::sync::atomic::AtomicBool>,
    /// Told of each finished iteration.
    report: Option<&'a mut dyn FnMut(&Progress)>,
    /// When the search began.
    started: std::time::Instant,
    values: Vec<i32>,
    /// For each piece and player, a bonus per square (promotion progress, centre).
    place: Vec<Vec<i32>>,
    settings: Settings,
    hist: Vec<Hist>,
    nodes: u64,
    bufs: Vec<MoveBuf>,
    /// When the time budget runs out, if there is one.
    deadline: Option<std::time::Instant>,
    /// Whether the budget ran out: every score found since is discarded.
    out_of_budget: bool,
    /// Whether the evaluation weighs the freedom to move ([`judges_mobility`]).
    mobility: bool,
    /// The chains the end rules ask for ([`connections`]).
    connects: Vec<(u8, B, B)>,
}

impl<'a, B: Bits> Search<'a, B> {
    fn new(e: &'a Engine<B>, settings: Settings, hist: Vec<Hist>) -> Self {
        let values = values(e);
        let b = e.board();
        let n = e.squares();
        let mut place = Vec::new();
        for piece in 0..e.model.pieces.len() {
            for player in 0..e.players() as usize {
                let mut row = vec![0i32; n];
                for (sq, cell) in row.iter_mut().enumerate() {
                    let c = b.cell(sq as Sq);
                    // A little for the centre.
                    let dx = (2 * c.x as i32 - (b.width as i32 - 1)).abs();
                    let dy = (2 * c.y as i32 - (b.height as i32 - 1)).abs();
                    *cell = 6 - (dx + dy);
                    // Progress towards promotion.
                    if let Some(p) = &e.promos[piece] {
                        let zone = p.zone[player];
                        if let Some(best) = e
                            .promotion_targets(piece as u8)
                            .iter()
                            .map(|&t| values[t as usize])
                            .max()
                        {
                            let gain = (best - values[piece]).max(0);
                            let dist = zone
                                .iter()
                                .map(|z| {
                                    let zc = b.cell(z);
                                    (zc.x as i32 - c.x as i32)
                                        .abs()
                                        .max((zc.y as i32 - c.y as i32).abs())
                                })
                                .min()
                                .unwrap_or(0);
                            let span = b.height.max(b.width) as i32;
                            let progress = (span - dist).max(0);
                            *cell += gain * progress * progress / (span * span * 3);
                        }
                    }
                }
                place.push(row);
            }
        }
        // Progress towards the squares the end rules want the pieces on.
        for (p, set, kind) in goals(e) {
            let dist = distances(e, set);
            let span = dist.iter().flatten().copied().max().unwrap_or(0) as i32;
            for piece in 0..e.model.pieces.len() {
                if kind != NO_KIND && kind as usize != piece {
                    continue;
                }
                let row = &mut place[piece * e.players() as usize + p as usize];
                for (cell, d) in row.iter_mut().zip(&dist) {
                    if let Some(d) = d {
                        *cell += RACE * (span - *d as i32);
                    }
                }
            }
        }
        Search {
            e,
            stop: None,
            report: None,
            started: std::time::Instant::now(),
            values,
            place,
            settings,
            hist,
            nodes: 0,
            bufs: Vec::new(),
            deadline: settings.max_time.map(|t| std::time::Instant::now() + t),
            out_of_budget: false,
            mobility: judges_mobility(e),
            connects: connections(e),
        }
    }

    /// Counts a node; whether the budget (nodes or time) is spent.
    fn spent(&mut self) -> bool {
        self.nodes += 1;
        if !self.out_of_budget {
            self.out_of_budget = self.nodes > self.settings.max_nodes
                || (self.nodes % CLOCK_EVERY == 0
                    && (self
                        .deadline
                        .is_some_and(|d| std::time::Instant::now() >= d)
                        || self
                            .stop
                            .is_some_and(|s| s.load(std::sync::atomic::Ordering::Relaxed))));
        }
        self.out_of_budget
    }

    fn eval(&self, st: &State<B>) -> i32 {
        let mut score = 0;
        let players = self.e.players() as usize;
        for sq in 0..self.e.squares() as Sq {
            let c = st.at(sq);
            if c == EMPTY {
                continue;
            }
            let (piece, owner) = (code_piece(c) as usize, code_player(c) as usize);
            let royal = self.e.royal & (1 << piece) != 0;
            let v = if royal { 0 } else { self.values[piece] }
                + self.place[piece * players + owner][sq as usize];
            if owner == st.side as usize {
                score += v;
            } else {
                score -= v;
            }
        }
        if self.mobility {
            score += self.freedom(st);
        }
        if !self.connects.is_empty() {
            let open = self.e.all & !st.occupied();
            for &(p, from, to) in &self.connects {
                let need = self
                    .e
                    .connect_distance(st.by_player[p as usize], open, from, to)
                    .map_or(self.e.squares() as i32, |d| d as i32);
                score += if p == st.side { -need } else { need } * CONNECT;
            }
        }
        score
    }

    /// The squares the pieces of the side to move could move to, less
    /// those of the other players', worth [`MOBILITY`] each.
    fn freedom(&self, st: &State<B>) -> i32 {
        let occ = st.occupied();
        let mut score = 0i32;
        for p in 0..self.e.players() {
            let mut n = 0u32;
            for g in self.e.gens[p as usize].iter().filter(|g| mobile(g)) {
                for sq in (st.pieces(g.piece, p) & g.from_mask).iter() {
                    n += (self.e.reach(g, sq, occ) & !occ).count();
                }
            }
            let n = i32::try_from(n).unwrap_or(i32::MAX / 2) * MOBILITY;
            if p == st.side {
                score += n;
            } else {
                score -= n;
            }
        }
        score
    }

    fn terminal(&self, st: &State<B>, has_moves: bool, ply: i32) -> Option<i32> {
        self.e
            .ending(st, &self.hist, Some(has_moves))
            .map(|(o, _)| match o.winner() {
                Some(w) if w == st.side as usize => WIN - ply,
                Some(_) => -WIN + ply,
                None => 0,
            })
    }

    fn buf(&mut self, ply: usize) -> MoveBuf {
        while self.bufs.len() <= ply {
            self.bufs.push(MoveBuf::new());
        }
        std::mem::take(&mut self.bufs[ply])
    }

    fn order(&self, st: &State<B>, moves: &mut [Move]) {
        moves.sort_by_key(|m| {
            let victim = if m.is_pass() { EMPTY } else { st.at(m.to) };
            // A removal or a drop moves no piece from a square: it risks nothing.
            let risk = m.from().map_or(0, |f| {
                let c = st.at(f as Sq);
                if c == EMPTY {
                    0
                } else {
                    self.values[code_piece(c) as usize]
                }
            });
            let gain = if victim == EMPTY {
                0
            } else {
                self.values[code_piece(victim) as usize] * 16 - risk
            };
            let promo = m.promotion().map_or(0, |p| self.values[p] * 8);
            -(gain + promo)
        });
    }

    fn negamax(&mut self, st: &State<B>, depth: u32, ply: i32, mut alpha: i32, beta: i32) -> i32 {
        if self.spent() {
            return 0;
        }
        let mut moves = self.buf(ply as usize);
        self.e.legal_moves(st, &self.hist, &mut moves);
        if let Some(t) = self.terminal(st, !moves.is_empty(), ply) {
            self.bufs[ply as usize] = moves;
            return t;
        }
        if depth == 0 {
            self.bufs[ply as usize] = moves;
            return self.quiesce(st, ply, alpha, beta, 4);
        }
        self.order(st, &mut moves);
        let mut best = -WIN - 1;
        self.hist.push(self.e.hist_entry(st, &self.hist));
        for &m in &moves {
            let mut child = *st;
            self.e.make(&mut child, m);
            let v = if child.side == st.side {
                self.negamax(&child, depth - 1, ply + 1, alpha, beta)
            } else {
                -self.negamax(&child, depth - 1, ply + 1, -beta, -alpha)
            };
            if self.out_of_budget {
                break;
            }
            if v > best {
                best = v;
            }
            if v > alpha {
                alpha = v;
            }
            if alpha >= beta {
                break;
            }
        }
        self.hist.pop();
        self.bufs[ply as usize] = moves;
        best
    }

    fn quiesce(&mut self, st: &State<B>, ply: i32, mut alpha: i32, beta: i32, left: u32) -> i32 {
        if self.spent() {
            return 0;
        }
        let stand = self.eval(st);
        if stand >= beta || left == 0 {
            return stand;
        }
        alpha = alpha.max(stand);
        let mut moves = self.buf(ply as usize);
        self.e.legal_moves(st, &self.hist, &mut moves);
        moves.retain(|m| (!m.is_pass() && st.at(m.to) != EMPTY) || m.promotion().is_some());
        self.order(st, &mut moves);
        let mut best = stand;
        self.hist.push(self.e.hist_entry(st, &self.hist));
        for &m in &moves {
            let mut child = *st;
            self.e.make(&mut child, m);
            let v = if child.side == st.side {
                self.quiesce(&child, ply + 1, alpha, beta, left - 1)
            } else {
                -self.quiesce(&child, ply + 1, -beta, -alpha, left - 1)
            };
            if self.out_of_budget {
                break;
            }
            best = best.max(v);
            alpha = alpha.max(v);
            if alpha >= beta {
                break;
            }
        }
        self.hist.pop();
        self.bufs[ply as usize] = moves;
        best
    }

    /// The best move and the deepest iteration finished.
    /// The move chosen, the deepest iteration finished, and the chosen
    /// move's score.
    fn best(&mut self, st: &State<B>, rng: &mut fastrand::Rng) -> (Option<Move>, u32, i32) {
        let mut root = Vec::new();
        self.e.legal_moves(st, &self.hist, &mut root);
        if root.is_empty() {
            return (None, 0, 0);
        }
        let mut done = 0;
        rng.shuffle(&mut root);
        self.order(st, &mut root);
        let mut best_moves = vec![root[0]];
        let mut best_score = 0;
        for depth in 1..=self.settings.max_depth {
            let mut scored: Vec<(i32, Move)> = Vec::with_capacity(root.len());
            let mut alpha = -WIN - 1;
            self.hist.push(self.e.hist_entry(st, &self.hist));
            for &m in &root {
                let mut child = *st;
                self.e.make(&mut child, m);
                // A window one wider than alpha, so equal moves are kept.
                // The same player moving again (a part of the turn, a phase)
                // scores the child as its own.
                let v = if child.side == st.side {
                    self.negamax(&child, depth - 1, 1, alpha - 1, WIN + 1)
                } else {
                    -self.negamax(&child, depth - 1, 1, -WIN - 1, -(alpha - 1))
                };
                if self.out_of_budget {
                    break;
                }
                alpha = alpha.max(v);
                scored.push((v, m));
            }
            self.hist.pop();
            // An unfinished iteration is worth nothing, unless it is the first
            // (then the moves it scored are all there is to go on).
            if self.out_of_budget && (depth > 1 || scored.is_empty()) {
                break;
            }
            scored.sort_by_key(|(v, _)| -v);
            let top = scored[0].0;
            best_score = top;
            best_moves = scored
                .iter()
                .take_while(|(v, _)| *v == top)
                .map(|(_, m)| *m)
                .collect();
            if self.out_of_budget {
                break;
            }
            done = depth;
            if let Some(report) = self.report.as_mut() {
                report(&Progress {
                    depth,
                    score: Score::of(top),
                    nodes: self.nodes,
                    elapsed: self.started.elapsed(),
                    pv: vec![best_moves[0]],
                });
            }
            if top.abs() > WIN / 2 {
                break;
            }
            root = scored.into_iter().map(|(_, m)| m).collect();
        }
        (
            Some(best_moves[rng.usize(..best_moves.len())]),
            done,
            best_score,
        )
    }
}
