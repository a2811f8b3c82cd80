//! Random playouts, timed: games played from the start by uniformly random
//! legal moves until an end rule ends them, or until a cap on their length
//! (as RBG's benchmarks cap games at 200 turns). What `lud bench` reports.
//!
//! ```
//! let game = lud::build::compile_str("t.lud", lud::EXAMPLE).unwrap();
//! let stats = lud::bench::playouts(&game, 20, 50, 1, 1);
//! assert_eq!(stats.games, 20);
//! assert_eq!(stats.ended + stats.capped + stats.stuck, 20);
//! ```

use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::time::Instant;

use rayon::prelude::*;

use crate::bits::Bits;
use crate::engine::{Engine, Scratch, Seen};
use crate::eval::Outcome;
use crate::game::{on_pos, Game};
use crate::state::{Hist, KeyCounts, State};

/// The longest cap on a playout `lud bench` accepts, in plies. A game's
/// history grows by one entry per ply (and is reserved only as it grows).
pub const MAX_CAP: u32 = 100_000;

/// What a run of playouts measured.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Playouts {
    /// Games played.
    pub games: u64,
    /// Plies played in all (each ply one state reached).
    pub plies: u64,
    /// Games an end rule ended.
    pub ended: u64,
    /// Games stopped at the cap.
    pub capped: u64,
    /// Games that stopped before the cap with no legal move and no end
    /// rule saying what that means.
    pub stuck: u64,
    /// Games each player won (by player number).
    pub wins: Vec<u64>,
    /// Games drawn by an end rule.
    pub draws: u64,
    /// Wall time, in seconds.
    pub seconds: f64,
    /// Threads used.
    pub threads: usize,
}

impl Playouts {
    /// Playouts per second.
    pub fn per_second(&self) -> f64 {
        self.games as f64 / self.seconds.max(1e-9)
    }

    /// States (plies) per second.
    pub fn states_per_second(&self) -> f64 {
        self.plies as f64 / self.seconds.max(1e-9)
    }

    fn add(&mut self, o: &Playouts) {
        self.games += o.games;
        self.plies += o.plies;
        self.ended += o.ended;
        self.capped += o.capped;
        self.stuck += o.stuck;
        self.draws += o.draws;
        if self.wins.len() < o.wins.len() {
            self.wins.resize(o.wins.len(), 0);
        }
        for (a, b) in self.wins.iter_mut().zip(&o.wins) {
            *a += b;
        }
    }
}

/// How far a run of playouts has come, for a progress display (the hook a
/// front end reads; nothing here draws).
#[derive(Debug, Default)]
pub struct Progress {
    /// Games played so far (each thread adds one as each of its games ends:
    /// one relaxed atomic add per game, nothing per ply).
    pub done: AtomicU64,
    /// Set to stop early: each thread ends after the game it is playing
    /// (one relaxed load per game). The games played so far are reported.
    pub stop: AtomicBool,
}

/// Plays `games` random games of `game` (each at most `cap` plies), seeded
/// from `seed`, on `threads` threads (0: one per core); the same seed and
/// thread count give the same games. Threads beyond
/// [`crate::perft::max_threads`] are not started.
pub fn playouts(game: &Game, games: u64, cap: u32, seed: u64, threads: usize) -> Playouts {
    playouts_progress(game, games, cap, seed, threads, &Progress::default())
}

/// [`playouts`], counting the games in `progress` as they end.
pub fn playouts_progress(
    game: &Game,
    games: u64,
    cap: u32,
    seed: u64,
    threads: usize,
    progress: &Progress,
) -> Playouts {
    let start = game.start();
    let threads = crate::perft::threads_for(threads);
    let t0 = Instant::now();
    let run = |part: u64| -> Playouts {
        let n = games / threads as u64 + u64::from(part < games % threads as u64);
        on_pos!(&start.0, |e, s, h| run_part(
            e,
            s,
            h,
            n,
            cap,
            seed.wrapping_add(part.wrapping_mul(0x9e37_79b9_7f4a_7c15)),
            progress
        ))
    };
    let parts: Vec<Playouts> = if threads == 1 {
        vec![run(0)]
    } else {
        match rayon::ThreadPoolBuilder::new().num_threads(threads).build() {
            Ok(pool) => pool.install(|| (0..threads as u64).into_par_iter().map(run).collect()),
            Err(_) => (0..threads as u64).map(run).collect(),
        }
    };
    let mut total = Playouts {
        wins: vec![0; game.model().players.len()],
        threads,
        ..Playouts::default()
    };
    for p in &parts {
        total.add(p);
    }
    total.seconds = t0.elapsed().as_secs_f64();
    total
}

fn run_part<B: Bits>(
    e: &Engine<B>,
    start: &State<B>,
    hist0: &[Hist],
    games: u64,
    cap: u32,
    seed: u64,
    progress: &Progress,
) -> Playouts {
    let mut rng = fastrand::Rng::with_seed(seed);
    let mut player = RandomGames::new(hist0.len(), cap);
    let mut out = Playouts {
        wins: vec![0; e.model.players.len()],
        ..Playouts::default()
    };
    for _ in 0..games {
        if progress.stop.load(Ordering::Relaxed) {
            break;
        }
        let (result, plies) = player.play(e, start, hist0, cap, &mut rng, None);
        out.games += 1;
        progress.done.fetch_add(1, Ordering::Relaxed);
        out.plies += u64::from(plies);
        match result {
            Some(Outcome::Win { winner, .. }) => {
                out.ended += 1;
                if let Some(w) = out.wins.get_mut(winner) {
                    *w += 1;
                }
            }
            Some(Outcome::Draw { .. }) => {
                out.ended += 1;
                out.draws += 1;
            }
            // Stopped short of the cap: no legal move, and no end rule.
            None if plies < cap => out.stuck += 1,
            None => out.capped += 1,
        }
    }
    out
}

/// What [`RandomGames::play`] shows each position a move is played from:
/// the state, the history before it, and the move.
pub(crate) type OnPly<'a, B> = &'a mut dyn FnMut(&State<B>, &[Hist], crate::moves::Move);

/// What random games reuse from one game to the next: the move lists, the
/// history and its counts of keys.
pub(crate) struct RandomGames<B: Bits> {
    scratch: Scratch<B>,
    hist: Vec<Hist>,
    /// The keys of the history, counted as it grows.
    counts: KeyCounts,
    /// Its board keys too, where a restriction asks whether a board recurs.
    boards: KeyCounts,
}

impl<B: Bits> RandomGames<B> {
    /// Room for a usual game from a start with `start_hist` positions
    /// before it; a longer one grows it (never reserved in proportion to a
    /// cap the user gave).
    pub(crate) fn new(start_hist: usize, cap: u32) -> Self {
        RandomGames {
            scratch: Scratch::default(),
            hist: Vec::with_capacity(start_hist + cap.min(1024) as usize + 1),
            counts: KeyCounts::default(),
            boards: KeyCounts::default(),
        }
    }

    /// Plays one game from `start` (after `hist0`) by uniformly random legal
    /// moves drawn from `rng`, until an end rule ends it or `cap` plies are
    /// played: its result (`None` if capped with no end rule met) and its
    /// length in plies. `on_ply` is shown each position a move is played
    /// from (with the history before it), and the move.
    pub(crate) fn play(
        &mut self,
        e: &Engine<B>,
        start: &State<B>,
        hist0: &[Hist],
        cap: u32,
        rng: &mut fastrand::Rng,
        mut on_ply: Option<OnPly<'_, B>>,
    ) -> (Option<Outcome>, u32) {
        let RandomGames {
            scratch,
            hist,
            counts,
            boards,
        } = self;
        let mut st = *start;
        hist.clear();
        hist.extend_from_slice(hist0);
        counts.hold(hist0, e.monotone);
        boards.clear();
        if e.board_reps {
            for h in hist0 {
                boards.add_key(e.board_key(h.hash, h.side), h.men, false);
            }
        }
        let mut plies = 0u32;
        while plies < cap {
            let chosen =
                e.random_move_known(&st, hist, Some((counts, boards)), scratch, &mut |n| {
                    rng.usize(..n)
                });
            // The entry counts the position's repetitions once, for the
            // end rules too.
            let entry = e.hist_entry_seen(&st, hist, Seen::Counted(counts), None);
            let seen = Seen::Times(entry.reps);
            if let Some((o, _)) = e.ending_seen(&st, hist, Some(chosen.is_some()), seen) {
                return (Some(o), plies);
            }
            let Some(m) = chosen else {
                break;
            };
            if let Some(f) = on_ply.as_deref_mut() {
                f(&st, hist, m);
            }
            hist.push(entry);
            counts.add(&entry, e.monotone);
            if e.board_reps {
                boards.add_key(e.board_key(entry.hash, entry.side), entry.men, false);
            }
            e.make(&mut st, m);
            plies += 1;
        }
        let result = if plies == cap {
            e.ending(&st, hist, None).map(|(o, _)| o)
        } else {
            None
        };
        (result, plies)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn progress_counts_every_game_on_one_thread_and_on_several() {
        let game = crate::build::compile_str("t.lud", crate::EXAMPLE).unwrap();
        for threads in [1, 3] {
            let p = Progress::default();
            let stats = playouts_progress(&game, 25, 40, 7, threads, &p);
            assert_eq!(p.done.load(Ordering::Relaxed), 25, "threads {threads}");
            assert_eq!(
                stats,
                Playouts {
                    seconds: stats.seconds,
                    ..playouts(&game, 25, 40, 7, threads)
                }
            );
        }
    }

    #[test]
    fn a_stop_ends_the_run_before_its_games() {
        let game = crate::build::compile_str("t.lud", crate::EXAMPLE).unwrap();
        let p = Progress::default();
        p.stop.store(true, Ordering::Relaxed);
        let stats = playouts_progress(&game, 1_000, 40, 7, 2, &p);
        assert_eq!((stats.games, p.done.load(Ordering::Relaxed)), (0, 0));
    }
}
