//! The computer player: alpha-beta search with iterative deepening, a
//! transposition table and a capture search at the leaves (`search`), over
//! an evaluation that needs nothing from the game file but the rules
//! (`eval`): a piece is worth its average mobility on boards as crowded as
//! in play, and a piece that promotes gains part of the difference as it
//! approaches the promotion squares. End rules score as wins, losses,
//! draws; where one wins by a line in a row, the lines still open count
//! (and where pieces fall, the squares finishing them by who is left to
//! fill them), and where one loses at a count of pieces, the last pieces
//! above it. In a game
//! where no move takes a piece or turns one over, so that the pieces on the
//! board never change their balance, but pieces do move (a game of walling
//! the other side's pieces in), the evaluation also weighs each side's
//! freedom to move. Where an end rule wins by a chain of pieces joining two
//! sets of squares (`(connected ...)`), it weighs how many empty squares
//! each side still needs to join them. With more than one thread, the
//! threads search the same tree and share what they find through the table
//! (Lazy SMP); a [`Memory`] keeps the table from one move to the next. The
//! other way to search, Monte Carlo tree search (`mcts`), needs no
//! evaluation at all, and may add RAVE (all moves as first); a game file
//! may make either the default (`(info player:Mcts)` or `player:Rave`,
//! [`Method::of_game`]).

mod eval;
mod mcts;
mod search;
mod table;

use std::sync::atomic::{AtomicBool, Ordering};

use crate::bits::Bits;
use crate::engine::Engine;
use crate::game::{on_pos, Position};
use crate::moves::Move;
use crate::state::{Hist, State};

use eval::Eval;
use search::Search;
use table::Table;

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
    /// How the computer searches.
    pub method: Method,
}

/// How the computer player searches.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Method {
    /// Alpha-beta over the evaluation the rules give.
    #[default]
    AlphaBeta,
    /// Monte Carlo tree search (UCT): random games to the end, no
    /// evaluation. `max_depth` does not apply.
    Mcts,
    /// Monte Carlo tree search with RAVE: a move's value leans, while it
    /// has few visits, on how the walks went in which its player made it
    /// later on (all moves as first).
    Rave,
}

impl Method {
    /// The way the game's file asks the computer to search
    /// (`(info player:...)`), alpha-beta if it does not say.
    pub fn of_game(model: &crate::compile::model::Model) -> Method {
        match model.info.player {
            crate::compile::model::Search::AlphaBeta => Method::AlphaBeta,
            crate::compile::model::Search::Mcts => Method::Mcts,
            crate::compile::model::Search::Rave => Method::Rave,
        }
    }
}

impl Settings {
    /// The settings of a search bounded by its depth alone (no node or
    /// time budget): alpha-beta, whatever the method. Monte Carlo tree
    /// search has no depth: with no other bound it would never stop.
    #[must_use]
    pub fn by_depth_alone(mut self) -> Settings {
        if self.max_nodes == u64::MAX && self.max_time.is_none() {
            self.method = Method::AlphaBeta;
        }
        self
    }
}

impl Default for Settings {
    fn default() -> Self {
        Settings {
            max_depth: 64,
            max_nodes: 60_000,
            max_time: None,
            threads: 1,
            method: Method::AlphaBeta,
        }
    }
}

const WIN: i32 = 1_000_000;

/// Piece values derived from the rules, in hundredths.
pub fn piece_values(pos: &Position) -> Vec<i32> {
    on_pos!(&pos.0, |e, _s, _h| eval::values(e))
}

/// What the position is worth to the side to move by the evaluation alone
/// (no search), in hundredths: the number alpha-beta scores its leaves by.
pub fn evaluate(pos: &Position) -> i32 {
    on_pos!(&pos.0, |e, s, _h| Eval::new(e).eval(e, s))
}

/// The evaluation of one game's positions, made once for many (its terms
/// are worked out from the rules when it is made).
pub(crate) struct Evaluator<B: Bits>(Eval<B>);

impl<B: Bits> Evaluator<B> {
    /// The evaluation of the game of `e`.
    pub(crate) fn new(e: &Engine<B>) -> Self {
        Evaluator(Eval::new(e))
    }

    /// What `st` is worth to the first player, in hundredths, in a game of
    /// two players (`None` in a game of more).
    pub(crate) fn for_first(&self, e: &Engine<B>, st: &State<B>) -> Option<i32> {
        if e.players() != 2 {
            return None;
        }
        let v = self.0.eval(e, st);
        Some(if st.side == 0 { v } else { -v })
    }
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

/// Searches for the computer's move within the budget of `settings`. In a
/// position of the game's opening (`(info opening:...)`) the opening's move
/// is played without a search: a choice of depth 0 and no nodes.
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
    /// What earlier searches of the same game learnt, kept for this one
    /// (`None`: it starts afresh).
    pub memory: Option<&'a Memory>,
}

/// What the alpha-beta search learnt (its transposition table), kept from
/// one move to the next of a game so that each search starts where the last
/// one left off. A new game, or a search of another game or with a table of
/// another size, starts afresh.
#[derive(Default)]
pub struct Memory {
    kept: std::sync::Mutex<Option<(u64, usize, std::sync::Arc<Table>)>>,
}

impl Memory {
    /// An empty memory.
    pub fn new() -> Self {
        Memory::default()
    }

    /// Forgets everything (a new game).
    pub fn clear(&self) {
        if let Ok(mut kept) = self.kept.lock() {
            *kept = None;
        }
    }

    /// The table for a search of the game `id` with `size` entries: the one
    /// kept if it fits, else a new one, kept from now on.
    fn table(&self, id: u64, size: usize) -> std::sync::Arc<Table> {
        let Ok(mut kept) = self.kept.lock() else {
            return std::sync::Arc::new(Table::new(size));
        };
        match &*kept {
            Some((i, n, t)) if *i == id && *n == size => t.clone(),
            _ => {
                let t = std::sync::Arc::new(Table::new(size));
                *kept = Some((id, size, t.clone()));
                t
            }
        }
    }
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
    // The game's own opening, while the game follows it: no search.
    if let Some(m) = crate::notation::opening::move_in(pos) {
        return Choice {
            best: Some(m),
            nodes: 0,
            depth: 0,
            score: Score::Balance(0),
        };
    }
    on_pos!(&pos.0, |e, s, h| run(e, s, h, settings, rng, control))
}

/// The table's size for a search: about two entries a node of the budget,
/// at most 2^20 (16 MB).
fn table_size(settings: &Settings) -> usize {
    let by_nodes = usize::try_from(settings.max_nodes.saturating_mul(2)).unwrap_or(usize::MAX);
    if settings.max_time.is_some() || settings.max_nodes == u64::MAX {
        1 << 20
    } else {
        by_nodes.min(1 << 20)
    }
}

fn run<'c, B: Bits>(
    e: &'c Engine<B>,
    s: &State<B>,
    h: &[Hist],
    settings: Settings,
    rng: &mut fastrand::Rng,
    control: Control<'c>,
) -> Choice {
    if matches!(settings.method, Method::Mcts | Method::Rave) {
        return run_mcts(e, s, h, settings, rng, control);
    }
    let ev = Eval::new(e);
    let size = table_size(&settings);
    let tt = match control.memory {
        Some(m) => m.table(e.id, size),
        None => std::sync::Arc::new(Table::new(size)),
    };
    let tt = &*tt;
    let halt = AtomicBool::new(false);
    let helpers = settings.threads.clamp(1, 256) - 1;
    let seeds: Vec<u64> = (0..helpers).map(|_| rng.u64(..)).collect();
    let ev = &ev;
    let ((best, depth, score, main_nodes), helped) = together(
        &seeds,
        &halt,
        |mut rng| {
            let mut search = Search::new(e, ev, tt, &halt, settings, h.to_vec());
            search.stop = control.stop;
            search.best(s, &mut rng, None);
            search.nodes
        },
        || {
            let mut search = Search::new(e, ev, tt, &halt, settings, h.to_vec());
            search.stop = control.stop;
            let (best, depth, score) = search.best(s, rng, control.report);
            (best, depth, score, search.nodes)
        },
    );
    Choice {
        best,
        nodes: main_nodes + helped.iter().sum::<u64>(),
        depth,
        score: Score::of(score),
    }
}

/// Runs `main` on this thread and `helper` on one more thread for each of
/// `seeds` (with a generator seeded by it), until `main` returns; then
/// raises `halt`, so that the helpers stop, and returns what `main` and
/// each helper returned.
fn together<T, R: Send>(
    seeds: &[u64],
    halt: &AtomicBool,
    helper: impl Fn(fastrand::Rng) -> R + Sync,
    main: impl FnOnce() -> T,
) -> (T, Vec<R>) {
    std::thread::scope(|scope| {
        let workers: Vec<_> = seeds
            .iter()
            .map(|&seed| {
                let helper = &helper;
                scope.spawn(move || helper(fastrand::Rng::with_seed(seed)))
            })
            .collect();
        let out = main();
        halt.store(true, Ordering::Relaxed);
        let rest = workers.into_iter().filter_map(|w| w.join().ok()).collect();
        (out, rest)
    })
}

/// [`run`] by Monte Carlo tree search: each thread grows its own tree (root
/// parallel); their counts of the root's moves are added up.
fn run_mcts<'c, B: Bits>(
    e: &'c Engine<B>,
    s: &State<B>,
    h: &[Hist],
    settings: Settings,
    rng: &mut fastrand::Rng,
    control: Control<'c>,
) -> Choice {
    let halt = AtomicBool::new(false);
    let threads = settings.threads.clamp(1, 256);
    let seeds: Vec<u64> = (0..threads).map(|_| rng.u64(..)).collect();
    let started = std::time::Instant::now();
    let grow = |mut rng: fastrand::Rng| {
        let mut m = mcts::Mcts::new(e, &halt, settings, h.to_vec());
        m.stop = control.stop;
        m.tree_max = mcts::TREE_MAX / threads;
        let root = m.run(s, &mut rng);
        (root, m.nodes)
    };
    let (first, rest) = together(&seeds[1..], &halt, grow, || {
        grow(fastrand::Rng::with_seed(seeds[0]))
    });
    let mut results = vec![first];
    results.extend(rest);
    let nodes = results.iter().map(|r| r.1).sum();
    let mut root = results.first().map(|r| r.0.clone()).unwrap_or_default();
    for (other, _) in &results[1..] {
        for (mine, theirs) in root.iter_mut().zip(other) {
            mine.1 += theirs.1;
            mine.2 += theirs.2;
        }
    }
    match mcts::choose(&root, nodes, started.elapsed()) {
        Some((best, score, progress)) => {
            if let Some(report) = control.report {
                report(&progress);
            }
            Choice {
                best: Some(best),
                nodes,
                depth: 1,
                score: Score::of(score),
            }
        }
        None => Choice {
            best: None,
            nodes,
            depth: 0,
            score: Score::Balance(0),
        },
    }
}
