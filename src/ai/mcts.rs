//! Monte Carlo tree search (UCT): from the position, again and again, walk
//! down the tree by the upper confidence bound, add the moves of the
//! position reached, and play one of them out at random to the end of the
//! game (or a cap of plies); each position on the way counts the result for
//! the player who moved into it. The move played is the one tried most.
//! It needs no evaluation at all, only the rules: the player for games
//! where alpha-beta's evaluation has nothing to hold on to. Each tree is
//! kept to a bounded size ([`TREE_MAX`]).
//!
//! With RAVE (rapid action value estimation, Gelly and Silver 2007), each
//! node also counts, for each of its moves, the results of every walk and
//! playout below it in which the same player made that move later ("all
//! moves as first"); while a move has few visits of its own, its value leans
//! on that count. It suits games where a move is good much wherever it is
//! played in the game (placing stones).

use std::collections::HashMap;
use std::hash::{BuildHasherDefault, Hasher};
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Instant;

use super::{Progress, Score, Settings, WIN};
use crate::bits::Bits;
use crate::engine::{Engine, MoveBuf, Scratch};
use crate::moves::Move;
use crate::state::{Hist, State};

/// The weight of the bound's exploration term (UCT's C).
const EXPLORE: f64 = 1.0;

/// The most plies of one random playout: a game still going then counts
/// as a draw.
const PLAYOUT_PLIES: u32 = 300;

/// The most nodes the trees of one search hold together (48 bytes each:
/// some 200 MB, and up to as much again of room the vectors keep spare): past it, a walk that reaches a leaf plays out from
/// there without adding its moves, so that a search without end (`go
/// infinite`) still keeps to bounded memory. Each thread's tree gets its
/// share.
pub(super) const TREE_MAX: usize = 4_000_000;

/// RAVE's equivalence parameter: the visits at which a move's own value
/// and its all-moves-as-first value weigh the same.
const RAVE_EQUIV: f64 = 1_000.0;

/// How often (in nodes) the search looks at the clock and the stop flag.
const CLOCK_EVERY: u64 = 256;

/// Whether the rules end the game in a node's position, and how.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum End {
    /// The game goes on (or the node is not expanded yet).
    Open,
    /// Won by this player.
    Won(u8),
    /// Drawn (or stopped with no move and no end rule).
    Drawn,
}

/// The root's moves as a search leaves them: each with its visits and the
/// points they gave the player to move.
pub(super) type RootCounts = Vec<(Move, u32, f64)>;

/// One node of the tree: the move into it and what followed.
struct Node {
    /// The move that leads here from the parent.
    m: Move,
    /// The player who made that move.
    mover: u8,
    /// The children's range in the arena (`first..first + count`), once
    /// the node is expanded.
    first: u32,
    count: u32,
    expanded: bool,
    /// How the game stands in this node's position.
    end: End,
    /// Playouts through the node, and the points they gave `mover`.
    visits: u32,
    points: f64,
    /// Walks through the parent in which `mover` made the move `m` later
    /// on, and the half-points they gave `mover` (RAVE only).
    amaf_visits: u32,
    amaf_halves: u32,
}

impl Node {
    /// A node not yet tried: `mover` makes the move `m` into it.
    fn new(m: Move, mover: u8) -> Self {
        Node {
            m,
            mover,
            first: 0,
            count: 0,
            expanded: false,
            end: End::Open,
            visits: 0,
            points: 0.0,
            amaf_visits: 0,
            amaf_halves: 0,
        }
    }
}

/// One thread's tree search.
pub(super) struct Mcts<'a, B: Bits> {
    e: &'a Engine<B>,
    halt: &'a AtomicBool,
    pub(super) stop: Option<&'a AtomicBool>,
    settings: Settings,
    hist: Vec<Hist>,
    pub(super) nodes: u64,
    deadline: Option<Instant>,
    tree: Vec<Node>,
    /// With RAVE: the moves of the walk being made, below the tree's
    /// root, each with who made it (passes left out).
    played: Option<Vec<(u8, Move)>>,
    /// With RAVE: the last place in `played` of each move of the walk.
    last_made: HashMap<(u8, Move), usize, BuildHasherDefault<MoveHasher>>,
    /// The most nodes the tree may hold ([`TREE_MAX`]).
    pub(super) tree_max: usize,
    scratch: Scratch<B>,
    buf: MoveBuf,
}

impl<'a, B: Bits> Mcts<'a, B> {
    pub(super) fn new(
        e: &'a Engine<B>,
        halt: &'a AtomicBool,
        settings: Settings,
        hist: Vec<Hist>,
    ) -> Self {
        Mcts {
            e,
            halt,
            stop: None,
            settings,
            hist,
            nodes: 0,
            deadline: settings.max_time.map(|t| Instant::now() + t),
            tree: Vec::new(),
            played: (settings.method == super::Method::Rave).then(Vec::new),
            last_made: HashMap::default(),
            tree_max: TREE_MAX,
            scratch: Scratch::default(),
            buf: MoveBuf::new(),
        }
    }

    fn out_of_budget(&self) -> bool {
        self.nodes >= self.settings.max_nodes
            || self.halt.load(Ordering::Relaxed)
            || self.stop.is_some_and(|s| s.load(Ordering::Relaxed))
            || self.deadline.is_some_and(|d| Instant::now() >= d)
    }

    /// Adds the moves of `st` (the position of node `at`) as its children;
    /// notes the result if the rules end the game there.
    /// Past `tree_max` nodes ([`TREE_MAX`]), a node that is not full-grown yet is left
    /// unexpanded (and played out from).
    fn expand(&mut self, at: usize, st: &State<B>, hist: &[Hist]) {
        self.e.legal_moves(st, hist, &mut self.buf);
        self.nodes += 1;
        // The root is always grown: it must have its moves.
        let full = at != 0 && self.tree.len() + self.buf.len() > self.tree_max;
        let node = &mut self.tree[at];
        if let Some((o, _)) = self.e.ending(st, hist, Some(!self.buf.is_empty())) {
            node.expanded = true;
            node.end = o.winner().map_or(End::Drawn, |w| End::Won(w as u8));
            return;
        }
        if self.buf.is_empty() {
            // No move and no end rule: the game stops, drawn.
            node.expanded = true;
            node.end = End::Drawn;
            return;
        }
        if full {
            return;
        }
        node.expanded = true;
        let first = self.tree.len() as u32;
        let count = self.buf.len() as u32;
        self.tree[at].first = first;
        self.tree[at].count = count;
        for &m in &self.buf {
            self.tree.push(Node::new(m, st.side));
        }
    }

    /// The child of `at` to walk into: an untried one at random, else the
    /// one with the highest upper confidence bound; with RAVE, the one
    /// [`Self::select_rave`] picks.
    fn select(&self, at: usize, rng: &mut fastrand::Rng) -> usize {
        if self.played.is_some() {
            return self.select_rave(at, rng);
        }
        let node = &self.tree[at];
        let range = node.first as usize..(node.first + node.count) as usize;
        let untried: usize = range.clone().filter(|&c| self.tree[c].visits == 0).count();
        if untried > 0 {
            let pick = rng.usize(..untried);
            return range
                .filter(|&c| self.tree[c].visits == 0)
                .nth(pick)
                .unwrap_or(node.first as usize);
        }
        let log_n = f64::from(node.visits.max(1)).ln();
        let mut best = node.first as usize;
        let mut best_value = f64::MIN;
        for c in range {
            let child = &self.tree[c];
            let n = f64::from(child.visits);
            let value = child.points / n + EXPLORE * (log_n / n).sqrt();
            if value > best_value {
                best_value = value;
                best = c;
            }
        }
        best
    }

    /// With RAVE, the child of `at` with the best blend of its own value
    /// and its all-moves-as-first value, weighed by the visits of each; a
    /// child with neither counts as a win, so that each is tried. Ties go
    /// to one at random.
    fn select_rave(&self, at: usize, rng: &mut fastrand::Rng) -> usize {
        let node = &self.tree[at];
        let mut best = node.first as usize;
        let mut best_value = f64::MIN;
        for c in node.first as usize..(node.first + node.count) as usize {
            let child = &self.tree[c];
            let n = f64::from(child.visits);
            let a = f64::from(child.amaf_visits);
            let own = if child.visits > 0 {
                child.points / n
            } else {
                0.0
            };
            let amaf = if child.amaf_visits > 0 {
                f64::from(child.amaf_halves) / 2.0 / a
            } else {
                0.0
            };
            let value = match (child.visits, child.amaf_visits) {
                (0, 0) => 1.0,
                (0, _) => amaf,
                (_, 0) => own,
                _ => {
                    let beta = (RAVE_EQUIV / (3.0 * n + RAVE_EQUIV)).sqrt();
                    (1.0 - beta) * own + beta * amaf
                }
            } + rng.f64() * 1e-6;
            if value > best_value {
                best_value = value;
                best = c;
            }
        }
        best
    }

    /// Plays `st` out at random; the winner (`None` for a draw or a game
    /// still going at the cap).
    fn playout(
        &mut self,
        mut st: State<B>,
        hist: &mut Vec<Hist>,
        rng: &mut fastrand::Rng,
    ) -> Option<usize> {
        for _ in 0..PLAYOUT_PLIES {
            self.nodes += 1;
            let chosen = self
                .e
                .random_move_known(&st, hist, None, &mut self.scratch, &mut |n| rng.usize(..n));
            if let Some((o, _)) = self.e.ending(&st, hist, Some(chosen.is_some())) {
                return o.winner();
            }
            let m = chosen?;
            if let Some(played) = self.played.as_mut().filter(|_| !m.is_pass()) {
                played.push((st.side, m));
            }
            hist.push(self.e.hist_entry(&st, hist));
            self.e.make(&mut st, m);
        }
        None
    }

    /// One walk down the tree, a playout, and the result carried back up.
    fn iterate(&mut self, root: &State<B>, rng: &mut fastrand::Rng) {
        // Each walk counts, so that one ending at a position the rules end
        // (no moves made, none played out) still spends the budget.
        self.nodes += 1;
        let mut st = *root;
        let mut hist = self.hist.clone();
        let mut path = vec![0usize];
        // With RAVE, where in `played` the moves after each node of the
        // path begin.
        let mut marks = vec![0usize];
        let mut at = 0;
        if let Some(played) = &mut self.played {
            played.clear();
        }
        loop {
            if !self.tree[at].expanded {
                self.expand(at, &st, &hist);
                break;
            }
            if self.tree[at].end != End::Open || self.tree[at].count == 0 {
                break;
            }
            at = self.select(at, rng);
            let m = self.tree[at].m;
            if let Some(played) = self.played.as_mut().filter(|_| !m.is_pass()) {
                played.push((st.side, m));
            }
            hist.push(self.e.hist_entry(&st, &hist));
            self.e.make(&mut st, self.tree[at].m);
            path.push(at);
            marks.push(self.played.as_ref().map_or(0, Vec::len));
            if self.tree[at].visits == 0 {
                self.expand(at, &st, &hist);
                break;
            }
        }
        let winner = match self.tree[at].end {
            End::Won(w) => Some(usize::from(w)),
            End::Drawn => None,
            End::Open => self.playout(st, &mut hist, rng),
        };
        let points = |mover: u8| match winner {
            Some(w) if w == mover as usize => 1.0,
            Some(_) => 0.0,
            None => 0.5,
        };
        for &n in &path {
            let node = &mut self.tree[n];
            node.visits += 1;
            node.points += points(node.mover);
        }
        if let Some(played) = self.played.take() {
            // The last place in the walk of each move made, so that the
            // moves after the node at depth `d` are those last made at
            // `marks[d]` or later.
            let mut last = std::mem::take(&mut self.last_made);
            last.clear();
            for (i, &pm) in played.iter().enumerate() {
                last.insert(pm, i);
            }
            for (&n, &mark) in path.iter().zip(&marks) {
                let node = &self.tree[n];
                if !node.expanded {
                    continue;
                }
                for c in node.first as usize..(node.first + node.count) as usize {
                    let child = &mut self.tree[c];
                    if last
                        .get(&(child.mover, child.m))
                        .is_some_and(|&i| i >= mark)
                    {
                        child.amaf_visits += 1;
                        child.amaf_halves += (points(child.mover) * 2.0) as u32;
                    }
                }
            }
            self.played = Some(played);
            self.last_made = last;
        }
    }

    /// Searches from `st` until the budget is spent; the root's moves with
    /// their visits and points.
    pub(super) fn run(&mut self, st: &State<B>, rng: &mut fastrand::Rng) -> RootCounts {
        self.tree.clear();
        let root = Move::new(
            crate::state::NO_SQ,
            crate::state::NO_SQ,
            0,
            crate::moves::NO_PIECE,
        );
        self.tree.push(Node::new(root, self.e.next_player(st.side)));
        let hist = self.hist.clone();
        self.expand(0, st, &hist);
        if self.tree[0].count == 0 {
            return Vec::new();
        }
        let mut next_look = 0;
        loop {
            if self.nodes >= next_look {
                if self.out_of_budget() {
                    break;
                }
                next_look = self.nodes + CLOCK_EVERY;
            }
            if self.nodes >= self.settings.max_nodes {
                break;
            }
            self.iterate(st, rng);
        }
        let root = &self.tree[0];
        (root.first..root.first + root.count)
            .map(|c| {
                let n = &self.tree[c as usize];
                (n.m, n.visits, n.points)
            })
            .collect()
    }
}

/// A quick hash for RAVE's table of the moves of a walk (multiply and
/// rotate, as rustc's own hasher does; no defence against chosen keys is
/// needed there).
#[derive(Default)]
struct MoveHasher(u64);

impl Hasher for MoveHasher {
    fn finish(&self) -> u64 {
        self.0
    }

    fn write(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.write_u64(u64::from(b));
        }
    }

    fn write_u8(&mut self, n: u8) {
        self.write_u64(u64::from(n));
    }

    fn write_u16(&mut self, n: u16) {
        self.write_u64(u64::from(n));
    }

    fn write_u32(&mut self, n: u32) {
        self.write_u64(u64::from(n));
    }

    fn write_u64(&mut self, n: u64) {
        self.0 = (self.0.rotate_left(5) ^ n).wrapping_mul(0x51_7c_c1_b7_27_22_0a_95);
    }

    fn write_usize(&mut self, n: usize) {
        self.write_u64(n as u64);
    }
}

/// The move tried most (ties: the better average), its score as the
/// search sees it, and the report of the search.
pub(super) fn choose(
    root: &[(Move, u32, f64)],
    nodes: u64,
    elapsed: std::time::Duration,
) -> Option<(Move, i32, Progress)> {
    let &(m, visits, points) = root.iter().max_by(|a, b| {
        a.1.cmp(&b.1).then(
            (a.2 / f64::from(a.1.max(1)))
                .partial_cmp(&(b.2 / f64::from(b.1.max(1))))
                .unwrap_or(std::cmp::Ordering::Equal),
        )
    })?;
    let rate = if visits == 0 {
        0.5
    } else {
        points / f64::from(visits)
    };
    // The share of points won, as hundredths either side of even.
    let v = ((rate - 0.5) * 2000.0) as i32;
    let v = v.clamp(-WIN / 4, WIN / 4);
    Some((
        m,
        v,
        Progress {
            depth: 1,
            score: Score::of(v),
            nodes,
            elapsed,
            pv: vec![m],
        },
    ))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A tree at its size limit stops growing, and the search goes on
    /// playing out from its leaves and still answers: with RAVE too, and
    /// with a limit below the root's own moves (the root is always grown).
    #[test]
    fn the_tree_stops_growing_at_its_limit() {
        let src = crate::source::SourceFile::new(
            "drops.lud",
            r#"(game "Drops"
                (players {(player "A" N) (player "B" N)})
                (equipment {(board (rectangle 7 6)) (piece "Disc" "D")})
                (rules
                    (start {})
                    (play (drop "Disc" (everywhere) gravity:S))
                    (end {
                        (if (inARow Mover 4) (win Mover "four"))
                        (if (noMoves Next) (draw "full"))})))"#,
        );
        let g = crate::build::compile_with(&src, &crate::compile::options::Config::default())
            .expect("it compiles");
        let pos = g.start();
        for (method, limit) in [
            (super::super::Method::Mcts, 50),
            (super::super::Method::Rave, 50),
            (super::super::Method::Mcts, 3),
        ] {
            let settings = Settings {
                max_nodes: 20_000,
                method,
                ..Settings::default()
            };
            let (len, nodes, moves) = crate::game::on_pos!(&pos.0, |e, s, h| {
                let halt = AtomicBool::new(false);
                let mut m = Mcts::new(e, &halt, settings, h.to_vec());
                m.tree_max = limit;
                let root = m.run(s, &mut fastrand::Rng::with_seed(1));
                (m.tree.len(), m.nodes, root.len())
            });
            // The root and its seven moves are always there.
            assert_eq!(
                std::mem::size_of::<Node>(),
                48,
                "the size TREE_MAX's doc gives"
            );
            assert!(
                len <= limit.max(8),
                "{method:?}: the tree holds {len} nodes"
            );
            assert!(
                nodes >= 20_000,
                "{method:?}: the budget is spent ({nodes} nodes)"
            );
            assert_eq!(moves, 7, "{method:?}: the root's moves are counted");
        }
    }
}
