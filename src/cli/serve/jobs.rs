//! The long requests, answered as server-sent events while they run: the
//! computer's move (each finished depth, then the move), perft (a depth at
//! a time, until the time given is spent) and random self-play (progress,
//! then a summary). One of each kind runs at a time: a new one stops the
//! last of its kind. A job stops when the page stops listening (the stream
//! is dropped): a search at once, self-play after the games under way,
//! perft after the depth it is counting.

use std::convert::Infallible;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};

use axum::extract::State;
use axum::response::sse::{Event, KeepAlive, Sse};
use serde::Deserialize;
use serde_json::{json, Value};
use tokio::sync::mpsc;
use tokio_stream::wrappers::ReceiverStream;
use tokio_stream::{Stream, StreamExt as _};

use super::play::{replay, PosReq};
use super::{blocking, ApiError, AppState, Body, Compiled, ConfigIn, Job};
use crate::game::Position;
use crate::notation::move_text;

/// The strongest level the page offers.
const MAX_LEVEL: u32 = 10;

/// Sets a job's stop flag when its stream is dropped (the page stopped
/// listening, or the answer ended).
struct StopOnDrop(Arc<AtomicBool>);

impl Drop for StopOnDrop {
    fn drop(&mut self) {
        self.0.store(true, Ordering::Relaxed);
    }
}

type Events = Sse<
    axum::response::sse::KeepAliveStream<
        std::pin::Pin<Box<dyn Stream<Item = Result<Event, Infallible>> + Send>>,
    >,
>;

/// The events sent on `rx`, as an answer that stops the job (`stop`) when
/// it is dropped.
fn stream(rx: mpsc::Receiver<Event>, stop: Arc<AtomicBool>) -> Events {
    let guard = StopOnDrop(stop);
    let s = ReceiverStream::new(rx).map(move |e| {
        let _ = &guard;
        Ok(e)
    });
    Sse::new(Box::pin(s) as _).keep_alive(KeepAlive::default())
}

/// An event named `name` carrying `data` as JSON.
fn event(name: &str, data: &Value) -> Event {
    Event::default().event(name).data(data.to_string())
}

/// The position of a request, every move played; refused if a move is
/// refused or the game is over.
async fn playable(s: &Arc<AppState>, req: PosReq) -> Result<(Arc<Compiled>, Position), ApiError> {
    let s = s.clone();
    blocking(move || {
        let c = s.game(&req.text, &req.config)?;
        let r = replay(&c.game, &req)?;
        Ok((c, r.pos))
    })
    .await
    .and_then(|(c, pos)| {
        if pos.outcome().is_some() {
            return Err(ApiError::input(
                "the game is over",
                Some("start a new game, or take moves back".into()),
            ));
        }
        Ok((c, pos))
    })
}

/// A request for the computer's move.
#[derive(Deserialize)]
pub(super) struct ThinkReq {
    #[serde(flatten)]
    pos: PosReq,
    /// 0: a random move; 1 to 10: the computer player with a larger
    /// budget at each level.
    #[serde(default = "default_level")]
    level: u32,
}

fn default_level() -> u32 {
    4
}

/// The computer player's budget at a level (1 to [`MAX_LEVEL`]): nodes
/// doubling from 500, and at most 0.3 s a level (3 s in all).
fn settings(level: u32, model: &crate::compile::model::Model) -> crate::ai::Settings {
    let level = level.clamp(1, MAX_LEVEL);
    crate::ai::Settings {
        max_nodes: 500 << (level - 1),
        max_time: Some(Duration::from_millis(300 * u64::from(level))),
        method: crate::ai::Method::of_game(model),
        ..crate::ai::Settings::default()
    }
}

/// A score as the page shows it.
fn score_json(s: crate::ai::Score) -> Value {
    match s {
        crate::ai::Score::Balance(v) => json!({ "balance": v }),
        crate::ai::Score::WinIn(n) => json!({ "winIn": n }),
        crate::ai::Score::LossIn(n) => json!({ "lossIn": n }),
    }
}

/// Moves as text, each played in turn from `pos`.
fn line_texts(pos: &Position, moves: &[crate::Move]) -> Vec<String> {
    let mut p = pos.clone();
    let mut out = Vec::with_capacity(moves.len());
    for &m in moves {
        if !p.legal_moves().contains(&m) {
            break;
        }
        out.push(move_text(&p, m));
        p.play_unchecked(m);
    }
    out
}

/// `POST /api/think`: the computer's move, as events: `progress` after
/// each finished depth, then `best`.
pub(super) async fn think(
    State(s): State<Arc<AppState>>,
    Body(req): Body<ThinkReq>,
) -> Result<Events, ApiError> {
    let level = req.level.min(MAX_LEVEL);
    let (c, pos) = playable(&s, req.pos).await?;
    let stop = s.start_job(Job::Think);
    let (tx, rx) = mpsc::channel(64);
    let flag = stop.clone();
    tokio::task::spawn_blocking(move || {
        let mut rng = fastrand::Rng::new();
        let best = if level == 0 {
            let moves = pos.legal_moves();
            (!moves.is_empty()).then(|| moves[rng.usize(..moves.len())])
        } else {
            let mut report = |p: &crate::ai::Progress| {
                let data = json!({
                    "depth": p.depth,
                    "score": score_json(p.score),
                    "nodes": p.nodes,
                    "ms": p.elapsed.as_millis() as u64,
                    "pv": line_texts(&pos, &p.pv),
                });
                let _ = tx.try_send(event("progress", &data));
            };
            let control = crate::ai::Control {
                stop: Some(&flag),
                report: Some(&mut report),
                memory: Some(&s.memory),
            };
            crate::ai::think_with(&pos, settings(level, c.game.model()), &mut rng, control).best
        };
        let text = best.map(|m| move_text(&pos, m));
        let _ = tx.blocking_send(event("best", &json!({ "move": text })));
    });
    Ok(stream(rx, stop))
}

/// A perft request.
#[derive(Deserialize)]
pub(super) struct PerftReq {
    #[serde(flatten)]
    pos: PosReq,
    /// The time to spend, in seconds (at most 60).
    #[serde(default = "default_seconds")]
    seconds: f64,
}

fn default_seconds() -> f64 {
    3.0
}

/// `POST /api/perft`: move-tree counts a depth at a time, as `depth`
/// events, while the next depth is expected to end within the time given;
/// then `done`.
pub(super) async fn perft(
    State(s): State<Arc<AppState>>,
    Body(req): Body<PerftReq>,
) -> Result<Events, ApiError> {
    let budget = Duration::from_secs_f64(if req.seconds.is_finite() {
        req.seconds.clamp(0.05, 60.0)
    } else {
        default_seconds()
    });
    let (_, pos) = playable(&s, req.pos).await?;
    let stop = s.start_job(Job::Perft);
    let (tx, rx) = mpsc::channel(64);
    let flag = stop.clone();
    tokio::task::spawn_blocking(move || {
        let t0 = Instant::now();
        let mut last = (1u64, Duration::ZERO);
        for depth in 1..=crate::perft::MAX_DEPTH {
            let t = Instant::now();
            let nodes = crate::perft::perft(&pos, depth);
            let took = t.elapsed();
            let data = json!({"depth": depth, "nodes": nodes, "ms": took.as_millis() as u64});
            if tx.blocking_send(event("depth", &data)).is_err() {
                return;
            }
            // The next depth, guessed from this one's growth.
            let growth = (nodes as f64 / last.0.max(1) as f64).max(1.0);
            let next = took.mul_f64(growth.min(1e6));
            last = (nodes, took);
            if nodes == 0 || flag.load(Ordering::Relaxed) || t0.elapsed() + next > budget {
                break;
            }
        }
        let _ = tx.blocking_send(event(
            "done",
            &json!({"ms": t0.elapsed().as_millis() as u64}),
        ));
    });
    Ok(stream(rx, stop))
}

/// A self-play request.
#[derive(Deserialize)]
pub(super) struct SelfplayReq {
    text: String,
    #[serde(default)]
    config: ConfigIn,
    /// Games to play (at most 10,000).
    #[serde(default = "default_games")]
    games: u64,
}

fn default_games() -> u64 {
    200
}

/// The longest game self-play plays, in plies.
const SELFPLAY_CAP: u32 = 2_000;

/// `POST /api/selfplay`: random games from the start, as `progress` events
/// and then a `summary` (who won how often, how long games last).
pub(super) async fn selfplay(
    State(s): State<Arc<AppState>>,
    Body(req): Body<SelfplayReq>,
) -> Result<Events, ApiError> {
    let games = req.games.clamp(1, 10_000);
    let c = {
        let s = s.clone();
        blocking(move || s.game(&req.text, &req.config)).await?
    };
    let stop = s.start_job(Job::Selfplay);
    let (tx, rx) = mpsc::channel(64);
    let flag = stop.clone();
    tokio::task::spawn_blocking(move || {
        let progress = Arc::new(crate::bench::Progress::default());
        let (done_tx, done_rx) = std::sync::mpsc::channel();
        let worker = {
            let progress = progress.clone();
            let c = c.clone();
            std::thread::Builder::new()
                .stack_size(crate::perft::stack_size(0))
                .spawn(move || {
                    let seed = fastrand::u64(..);
                    let p = crate::bench::playouts_progress(
                        &c.game,
                        games,
                        SELFPLAY_CAP,
                        seed,
                        1,
                        &progress,
                    );
                    let _ = done_tx.send(p);
                })
        };
        if worker.is_err() {
            return;
        }
        let result = loop {
            match done_rx.recv_timeout(Duration::from_millis(200)) {
                Ok(p) => break p,
                Err(std::sync::mpsc::RecvTimeoutError::Timeout) => {
                    // Stopped, or nobody listening: the games under way end,
                    // and the run with them.
                    if flag.load(Ordering::Relaxed) || tx.is_closed() {
                        progress.stop.store(true, Ordering::Relaxed);
                    }
                    let done = progress.done.load(Ordering::Relaxed);
                    let _ = tx.try_send(event("progress", &json!({"done": done, "games": games})));
                }
                Err(std::sync::mpsc::RecvTimeoutError::Disconnected) => return,
            }
        };
        let summary = summary(&c, &result);
        let _ = tx.blocking_send(event("summary", &summary));
    });
    Ok(stream(rx, stop))
}

/// Self-play's results: in numbers and in words.
fn summary(c: &Compiled, p: &crate::bench::Playouts) -> Value {
    let model = c.game.model();
    let pct = |n: u64| 100.0 * n as f64 / p.games.max(1) as f64;
    let mut parts: Vec<String> = model
        .players
        .iter()
        .zip(&p.wins)
        .map(|(pl, &w)| format!("{} won {w} ({:.1}%)", pl.name, pct(w)))
        .collect();
    parts.push(format!("{} drawn ({:.1}%)", p.draws, pct(p.draws)));
    if p.capped > 0 {
        parts.push(format!(
            "{} stopped at {SELFPLAY_CAP} plies ({:.1}%)",
            p.capped,
            pct(p.capped)
        ));
    }
    if p.stuck > 0 {
        parts.push(format!(
            "{} stuck with no legal move and no end rule ({:.1}%)",
            p.stuck,
            pct(p.stuck)
        ));
    }
    let text = format!(
        "{} random games: {}. {:.1} plies a game on average; {:.0} games a second.",
        p.games,
        parts.join(", "),
        p.plies as f64 / p.games.max(1) as f64,
        p.per_second()
    );
    json!({
        "games": p.games,
        "wins": p.wins,
        "draws": p.draws,
        "capped": p.capped,
        "stuck": p.stuck,
        "plies": p.plies,
        "seconds": p.seconds,
        "text": text,
    })
}
