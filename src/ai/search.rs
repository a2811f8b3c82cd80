//! The alpha-beta search: iterative deepening, a principal variation search
//! with a transposition table, a capture search at the leaves (which in
//! games won by lines also finishes a line or blocks one), check extension,
//! null move where the rules allow it, late move reductions, and moves
//! ordered by the table's move, captures by victim and attacker, killers and
//! history. Where every move only places a piece, a line finished at once
//! wins and a line the other side could finish leaves only the blocks.

use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Instant;

use super::eval::Eval;
use super::table::{fingerprint, Bound, Entry, Table};
use super::{Progress, Settings, WIN};
use crate::bits::Bits;
use crate::engine::{Engine, MoveBuf};
use crate::moves::Move;
use crate::state::{code_piece, Hist, State, EMPTY};

/// How often (in nodes) the search looks at the clock.
const CLOCK_EVERY: u64 = 256;

/// The deepest a line is followed (plies from the root).
const MAX_PLY: i32 = 96;

/// Captures and promotions followed past the full-width search.
const QUIESCE_PLIES: u32 = 8;

/// One thread's search.
pub(super) struct Search<'a, B: Bits> {
    pub(super) e: &'a Engine<B>,
    ev: &'a Eval<B>,
    tt: &'a Table,
    /// Set when the search as a whole is over (every thread stops).
    halt: &'a AtomicBool,
    /// Set from outside to stop.
    pub(super) stop: Option<&'a AtomicBool>,
    /// When the search began.
    started: Instant,
    settings: Settings,
    hist: Vec<Hist>,
    pub(super) nodes: u64,
    bufs: Vec<MoveBuf>,
    /// When the time budget runs out, if there is one.
    deadline: Option<Instant>,
    /// Whether the budget ran out: every score found since is discarded.
    out_of_budget: bool,
    /// Two quiet moves per ply that last cut the search off (fingerprints).
    killers: Vec<[u32; 2]>,
    /// For each player, from square (the board's size for none) and to
    /// square: how often a quiet move cut the search off, weighted by depth.
    history: Vec<i32>,
    /// Whether a null move may be tried in this game.
    null_ok: bool,
    /// Whether an end rule wins by a line, every move places one piece
    /// and changes nothing else (no condition, no effect), and the turn
    /// passes to the other of two players: the lines' threats then decide
    /// which moves are searched.
    placing: bool,
}

/// What a position's lines threaten ([`Search::threats`]).
enum Threats<B> {
    /// The side to move wins at once: the score.
    WinNow(i32),
    /// The squares that would finish another player's line.
    Against(B),
}

/// What the move ordering gives the table's move.
const HASH_MOVE: i32 = 1 << 30;
/// What it gives a capture or promotion, plus its gain.
const TACTICAL: i32 = 1 << 24;
/// What it gives a killer.
const KILLER: i32 = 1 << 22;

impl<'a, B: Bits> Search<'a, B> {
    pub(super) fn new(
        e: &'a Engine<B>,
        ev: &'a Eval<B>,
        tt: &'a Table,
        halt: &'a AtomicBool,
        settings: Settings,
        hist: Vec<Hist>,
    ) -> Self {
        let n = e.squares();
        let model = &e.model;
        // The null move: in games with royal pieces (where standing still
        // is rarely best), two players taking turns one move at a time.
        let null_ok = e.royal != 0
            && e.players() == 2
            && model.parts.is_empty()
            && model.phases.is_empty()
            && model.player_flags.is_empty();
        let placing = ev.has_lines()
            && e.players() == 2
            && model.parts.is_empty()
            && model.phases.is_empty()
            && e.gens.iter().take(2).flatten().all(|g| {
                matches!(g.kind, crate::engine::GenKind::Drop(..))
                    && g.target == crate::compile::model::Target::Empty
                    && g.guard.is_none()
                    && !g.stay
                    && !g.stuck
                    && g.phase == crate::engine::NORMAL
                    && model.moves[g.rule as usize].effects.is_empty()
            });
        Search {
            e,
            ev,
            tt,
            halt,
            stop: None,
            started: Instant::now(),
            settings,
            hist,
            nodes: 0,
            bufs: Vec::new(),
            deadline: settings.max_time.map(|t| Instant::now() + t),
            out_of_budget: false,
            killers: vec![[0; 2]; MAX_PLY as usize + 2],
            history: vec![0; e.players() as usize * (n + 1) * n],
            null_ok,
            placing,
        }
    }

    /// Counts a node; whether the budget (nodes or time) is spent.
    fn spent(&mut self) -> bool {
        self.nodes += 1;
        if !self.out_of_budget {
            self.out_of_budget = self.nodes > self.settings.max_nodes
                || (self.nodes.is_multiple_of(CLOCK_EVERY)
                    && (self.deadline.is_some_and(|d| Instant::now() >= d)
                        || self.halt.load(Ordering::Relaxed)
                        || self.stop.is_some_and(|s| s.load(Ordering::Relaxed))));
        }
        self.out_of_budget
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

    /// Whether a move takes a piece on its square or promotes.
    fn tactical(st: &State<B>, m: Move) -> bool {
        (!m.is_pass() && st.at(m.to) != EMPTY) || m.promotion().is_some()
    }

    /// The index of a move in the history table.
    fn history_at(&self, side: u8, m: Move) -> Option<usize> {
        let n = self.e.squares();
        let to = m.to as usize;
        if to >= n {
            return None;
        }
        let from = m.from().map_or(n, |f| f);
        Some((side as usize * (n + 1) + from) * n + to)
    }

    /// Orders the moves, best first: the table's move, captures and
    /// promotions by gain, killers, then quiet moves by history.
    fn order(&self, st: &State<B>, moves: &mut [Move], hash_fp: u32, ply: usize) {
        let killers = self.killers.get(ply).copied().unwrap_or([0; 2]);
        let values = &self.ev.values;
        moves.sort_by_cached_key(|&m| {
            let fp = fingerprint(m);
            if fp == hash_fp {
                return -HASH_MOVE;
            }
            let victim = if m.is_pass() { EMPTY } else { st.at(m.to) };
            if victim != EMPTY || m.promotion().is_some() {
                // A removal or a drop moves no piece from a square: it risks nothing.
                let risk = m.from().map_or(0, |f| {
                    let c = st.at(f as crate::compile::board::Sq);
                    if c == EMPTY {
                        0
                    } else {
                        values[code_piece(c) as usize]
                    }
                });
                let gain = if victim == EMPTY {
                    0
                } else {
                    values[code_piece(victim) as usize] * 16 - risk
                };
                let promo = m.promotion().map_or(0, |p| values[p] * 8);
                return -(TACTICAL + gain + promo);
            }
            if fp == killers[0] {
                return -KILLER - 1;
            }
            if fp == killers[1] {
                return -KILLER;
            }
            -self
                .history_at(st.side, m)
                .map_or(0, |i| self.history[i].min(KILLER - 1))
        });
    }

    /// Remembers a quiet move that cut the search off.
    fn cut_by(&mut self, st: &State<B>, m: Move, depth: i32, ply: usize) {
        let fp = fingerprint(m);
        if let Some(k) = self.killers.get_mut(ply) {
            if k[0] != fp {
                k[1] = k[0];
                k[0] = fp;
            }
        }
        if let Some(i) = self.history_at(st.side, m) {
            let h = &mut self.history[i];
            *h = (*h + depth * depth).min(KILLER - 1);
        }
    }

    /// The value of `child` (the position after a move from `st`) for the
    /// player to move in `st`, searched with the window (`alpha`, `beta`)
    /// of that player. The same player moving again (a part of the turn, a
    /// phase) scores the child as its own.
    fn child_value(
        &mut self,
        st: &State<B>,
        child: &State<B>,
        depth: i32,
        ply: i32,
        alpha: i32,
        beta: i32,
    ) -> i32 {
        if child.side == st.side {
            self.negamax(child, depth, ply + 1, alpha, beta, true)
        } else {
            -self.negamax(child, depth, ply + 1, -beta, -alpha, true)
        }
    }

    /// Whether the side to move has a piece that is neither royal nor
    /// promotes (a null move misleads with kings and pawns alone: zugzwang).
    fn has_officers(&self, st: &State<B>) -> bool {
        let e = self.e;
        (0..e.model.pieces.len()).any(|k| {
            e.royal & (1 << k) == 0
                && e.promos[k].is_none()
                && !st.pieces(k as u8, st.side).is_empty()
        })
    }

    #[allow(clippy::too_many_lines)]
    fn negamax(
        &mut self,
        st: &State<B>,
        mut depth: i32,
        ply: i32,
        mut alpha: i32,
        beta: i32,
        null_allowed: bool,
    ) -> i32 {
        if self.spent() {
            return 0;
        }
        let pv_node = beta - alpha > 1;
        let key = st.hash;
        let mut hash_fp = 0;
        if let Some(t) = self.tt.probe(key) {
            hash_fp = t.fp;
            if !pv_node && i32::from(t.depth) >= depth {
                let v = from_table(t.score, ply);
                let cut = match t.bound {
                    Bound::Exact => true,
                    Bound::Lower => v >= beta,
                    Bound::Upper => v <= alpha,
                };
                if cut {
                    return v;
                }
            }
        }
        let mut moves = self.buf(ply as usize);
        self.e.legal_moves(st, &self.hist, &mut moves);
        if let Some(t) = self.terminal(st, !moves.is_empty(), ply) {
            self.bufs[ply as usize] = moves;
            return t;
        }
        let in_check = self.e.royal != 0 && self.e.in_check(st, st.side);
        if in_check && ply < MAX_PLY / 2 {
            depth += 1;
        }
        if depth <= 0 || ply >= MAX_PLY {
            self.bufs[ply as usize] = moves;
            return self.quiesce(st, ply, alpha, beta, QUIESCE_PLIES);
        }
        // Where every move places a piece and changes nothing else: a line
        // finished at once wins, and while the other player could finish
        // one, only the moves that block it are searched (any other loses).
        if self.placing {
            self.hist.push(self.e.hist_entry(st, &self.hist));
            let threats = self.threats(st, &moves, ply);
            self.hist.pop();
            match threats {
                Threats::WinNow(v) => {
                    self.bufs[ply as usize] = moves;
                    return v;
                }
                Threats::Against(against) if moves.iter().any(|m| against.has(m.to)) => {
                    moves.retain(|m| against.has(m.to));
                }
                Threats::Against(_) => {}
            }
        }
        // The null move: if handing the turn over still leaves the side
        // to move at or above beta, a real move will too.
        if self.null_ok
            && null_allowed
            && !pv_node
            && !in_check
            && depth >= 3
            && beta.abs() < WIN / 2
            && self.has_officers(st)
            && self.ev.eval(self.e, st) >= beta
        {
            let mut child = *st;
            self.e.make_null(&mut child);
            self.hist.push(self.e.hist_entry(st, &self.hist));
            let r = 2 + depth / 4;
            let v = -self.negamax(&child, depth - 1 - r, ply + 1, -beta, -beta + 1, false);
            self.hist.pop();
            if self.out_of_budget {
                self.bufs[ply as usize] = moves;
                return 0;
            }
            if v >= beta {
                self.bufs[ply as usize] = moves;
                return if v > WIN / 2 { beta } else { v };
            }
        }
        self.order(st, &mut moves, hash_fp, ply as usize);
        let alpha0 = alpha;
        let mut best = -WIN - 1;
        let mut best_move = None;
        self.hist.push(self.e.hist_entry(st, &self.hist));
        for (i, &m) in moves.iter().enumerate() {
            let mut child = *st;
            self.e.make(&mut child, m);
            let quiet = !Self::tactical(st, m);
            let v = if i == 0 {
                self.child_value(st, &child, depth - 1, ply, alpha, beta)
            } else {
                // Late quiet moves are searched less deep first.
                let r = if depth >= 3 && i >= 3 && quiet && !in_check {
                    1 + i32::from(i >= 8 && depth >= 5)
                } else {
                    0
                };
                let mut v = self.child_value(st, &child, depth - 1 - r, ply, alpha, alpha + 1);
                if v > alpha && r > 0 && !self.out_of_budget {
                    v = self.child_value(st, &child, depth - 1, ply, alpha, alpha + 1);
                }
                if v > alpha && v < beta && !self.out_of_budget {
                    v = self.child_value(st, &child, depth - 1, ply, alpha, beta);
                }
                v
            };
            if self.out_of_budget {
                break;
            }
            if v > best {
                best = v;
                best_move = Some(m);
                if v > alpha {
                    alpha = v;
                    if alpha >= beta {
                        if quiet {
                            self.cut_by(st, m, depth, ply as usize);
                        }
                        break;
                    }
                }
            }
        }
        self.hist.pop();
        self.bufs[ply as usize] = moves;
        if !self.out_of_budget {
            let bound = if best >= beta {
                Bound::Lower
            } else if best > alpha0 {
                Bound::Exact
            } else {
                Bound::Upper
            };
            self.tt.store(
                key,
                Entry {
                    fp: best_move.map_or(0, fingerprint),
                    score: to_table(best, ply),
                    depth: depth.clamp(0, 255) as u8,
                    bound,
                },
            );
        }
        best
    }

    /// The search past the full width: captures and promotions, and in
    /// games won by lines ([`Eval::finishers`]) a move that finishes a
    /// line wins at once, and while another player could finish one the
    /// side to move may not stand pat: it blocks.
    fn quiesce(&mut self, st: &State<B>, ply: i32, mut alpha: i32, beta: i32, left: u32) -> i32 {
        if self.spent() {
            return 0;
        }
        let stand = self.ev.eval(self.e, st);
        let lines = self.ev.has_lines();
        if !lines && (stand >= beta || left == 0) {
            return stand;
        }
        let mut moves = self.buf(ply as usize);
        self.e.legal_moves(st, &self.hist, &mut moves);
        self.hist.push(self.e.hist_entry(st, &self.hist));
        let mut against = B::ZERO;
        if lines {
            match self.threats(st, &moves, ply) {
                Threats::WinNow(v) => {
                    self.hist.pop();
                    self.bufs[ply as usize] = moves;
                    return v;
                }
                Threats::Against(a) => against = a,
            }
        }
        let reach = |m: &Move| !m.is_pass() && against.has(m.to);
        let forced = left > 0 && moves.iter().any(reach);
        if !forced && (stand >= beta || left == 0) {
            self.hist.pop();
            self.bufs[ply as usize] = moves;
            return stand;
        }
        moves.retain(|m| Self::tactical(st, *m) || reach(m));
        self.order(st, &mut moves, 0, ply as usize);
        let mut best = if forced { -WIN - 1 } else { stand };
        if !forced {
            alpha = alpha.max(stand);
        }
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

    /// What the lines of the end rules ([`Eval::finishers`]) threaten in
    /// `st`, among its `moves`: a win in one for the side to move (a move
    /// to a square finishing its line, after which the end rules make it
    /// the winner), else the squares that would finish another player's
    /// line (none in games no line wins). The history holds `st`'s entry.
    fn threats(&self, st: &State<B>, moves: &[Move], ply: i32) -> Threats<B> {
        let Some(open) = self.ev.finishers(st) else {
            return Threats::Against(B::ZERO);
        };
        let side = st.side as usize;
        let wins = moves
            .iter()
            .filter(|m| !m.is_pass() && open[side].has(m.to))
            .any(|&m| {
                let mut child = *st;
                self.e.make(&mut child, m);
                self.e
                    .ending(&child, &self.hist, None)
                    .is_some_and(|(o, _)| o.winner() == Some(side))
            });
        if wins {
            return Threats::WinNow(WIN - ply - 1);
        }
        Threats::Against(
            open.iter()
                .enumerate()
                .filter(|&(p, _)| p != side)
                .fold(B::ZERO, |a, (_, &o)| a | o),
        )
    }

    /// The line the table expects from `st`, at most `depth` moves.
    fn pv(&self, st: &State<B>, first: Move, depth: u32) -> Vec<Move> {
        let mut line = vec![first];
        let mut pos = *st;
        let mut hist = self.hist.clone();
        let mut seen = vec![pos.hash];
        let mut m = first;
        let mut moves = MoveBuf::new();
        while line.len() < depth as usize {
            hist.push(self.e.hist_entry(&pos, &hist));
            self.e.make(&mut pos, m);
            if seen.contains(&pos.hash) {
                break;
            }
            seen.push(pos.hash);
            let Some(t) = self.tt.probe(pos.hash) else {
                break;
            };
            self.e.legal_moves(&pos, &hist, &mut moves);
            let Some(&next) = moves.iter().find(|&&x| fingerprint(x) == t.fp) else {
                break;
            };
            if self.e.ending(&pos, &hist, Some(true)).is_some() {
                break;
            }
            line.push(next);
            m = next;
        }
        line
    }

    /// Iterative deepening from `st`: the move chosen, the deepest
    /// iteration finished, and the chosen move's score. `rng` shuffles the
    /// moves first, so that among equal moves the one played is random.
    /// `report` is told of each finished iteration.
    pub(super) fn best(
        &mut self,
        st: &State<B>,
        rng: &mut fastrand::Rng,
        mut report: Option<&mut dyn FnMut(&Progress)>,
    ) -> (Option<Move>, u32, i32) {
        let mut root = Vec::new();
        self.e.legal_moves(st, &self.hist, &mut root);
        if root.is_empty() {
            return (None, 0, 0);
        }
        rng.shuffle(&mut root);
        self.order(st, &mut root, 0, 0);
        let mut best = root[0];
        let mut best_score = 0;
        let mut done = 0;
        let max_depth = self.settings.max_depth.min(MAX_PLY as u32 - 1);
        for depth in 1..=max_depth {
            let d = depth as i32;
            let mut alpha = -WIN - 1;
            let beta = WIN + 1;
            let mut iter_best = None;
            self.hist.push(self.e.hist_entry(st, &self.hist));
            for (i, &m) in root.iter().enumerate() {
                let mut child = *st;
                self.e.make(&mut child, m);
                let v = if i == 0 {
                    self.child_value(st, &child, d - 1, 0, alpha, beta)
                } else {
                    let v = self.child_value(st, &child, d - 1, 0, alpha, alpha + 1);
                    if v > alpha && !self.out_of_budget {
                        self.child_value(st, &child, d - 1, 0, alpha, beta)
                    } else {
                        v
                    }
                };
                if self.out_of_budget {
                    break;
                }
                if v > alpha {
                    alpha = v;
                    iter_best = Some((i, m, v));
                }
            }
            self.hist.pop();
            // An unfinished iteration's best counts where its search
            // finished: it beat the last iteration's best, searched first.
            if let Some((i, m, v)) = iter_best {
                if !self.out_of_budget || depth == 1 || i > 0 {
                    best = m;
                    best_score = v;
                    root[..=i].rotate_right(1);
                }
            }
            if self.out_of_budget {
                break;
            }
            done = depth;
            self.tt.store(
                st.hash,
                Entry {
                    fp: fingerprint(best),
                    score: to_table(best_score, 0),
                    depth: d.clamp(0, 255) as u8,
                    bound: Bound::Exact,
                },
            );
            if let Some(report) = report.as_mut() {
                let pv = self.pv(st, best, depth);
                let progress = Progress {
                    depth,
                    score: super::Score::of(best_score),
                    nodes: self.nodes,
                    elapsed: self.started.elapsed(),
                    pv,
                };
                report(&progress);
            }
            if best_score.abs() > WIN / 2 {
                break;
            }
        }
        (Some(best), done, best_score)
    }
}

/// A score as the table keeps it: a mate counted from this position.
fn to_table(v: i32, ply: i32) -> i32 {
    if v > WIN / 2 {
        v + ply
    } else if v < -WIN / 2 {
        v - ply
    } else {
        v
    }
}

/// A score from the table, a mate counted from the root again.
fn from_table(v: i32, ply: i32) -> i32 {
    if v > WIN / 2 {
        v - ply
    } else if v < -WIN / 2 {
        v + ply
    } else {
        v
    }
}
