//! Monte Carlo tree search (UCT): from the position, again and again, walk
//! down the tree by the upper confidence bound, add the moves of the
//! position reached, and play one of them out at random to the end of the
//! game (or a cap of plies); each position on the way counts the result for
//! the player who moved into it. The move played is the one tried most.
//! It needs no evaluation at all, only the rules: the player for games
//! where alpha-beta's evaluation has nothing to hold on to.

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

/// How often (in nodes) the search looks at the clock and the stop flag.
const CLOCK_EVERY: u64 = 256;

/// Whether the rules end the game in a node's position, and how.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum End {
    /// The game goes on (or the node is not expanded yet).
    Open,
    /// Won by this player.
    Won(usize),
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
    fn expand(&mut self, at: usize, st: &State<B>, hist: &[Hist]) {
        self.e.legal_moves(st, hist, &mut self.buf);
        self.nodes += 1;
        let node = &mut self.tree[at];
        node.expanded = true;
        if let Some((o, _)) = self.e.ending(st, hist, Some(!self.buf.is_empty())) {
            node.end = o.winner().map_or(End::Drawn, End::Won);
            return;
        }
        if self.buf.is_empty() {
            // No move and no end rule: the game stops, drawn.
            node.end = End::Drawn;
            return;
        }
        let first = self.tree.len() as u32;
        let count = self.buf.len() as u32;
        self.tree[at].first = first;
        self.tree[at].count = count;
        for &m in &self.buf {
            self.tree.push(Node::new(m, st.side));
        }
    }

    /// The child of `at` to walk into: an untried one at random, else the
    /// one with the highest upper confidence bound.
    fn select(&self, at: usize, rng: &mut fastrand::Rng) -> usize {
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
        let mut at = 0;
        loop {
            if !self.tree[at].expanded {
                self.expand(at, &st, &hist);
                break;
            }
            if self.tree[at].end != End::Open || self.tree[at].count == 0 {
                break;
            }
            at = self.select(at, rng);
            hist.push(self.e.hist_entry(&st, &hist));
            self.e.make(&mut st, self.tree[at].m);
            path.push(at);
            if self.tree[at].visits == 0 {
                self.expand(at, &st, &hist);
                break;
            }
        }
        let winner = match self.tree[at].end {
            End::Won(w) => Some(w),
            End::Drawn => None,
            End::Open => self.playout(st, &mut hist, rng),
        };
        for &n in &path {
            let node = &mut self.tree[n];
            node.visits += 1;
            node.points += match winner {
                Some(w) if w == node.mover as usize => 1.0,
                Some(_) => 0.0,
                None => 0.5,
            };
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
