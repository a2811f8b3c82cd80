//! `lud play FILE`: a game in the terminal between humans, the random player
//! and the computer.
//!
//! A game is never lost: however it stops (its end, the move limit, `quit`,
//! the end of input, Ctrl-C, an error, even an internal error of the engine)
//! the record is printed and written to `--record`. The game in progress is
//! kept where the Ctrl-C handler and the panic hook find it ([`SESSION`]).
//! `--resume RECORD` goes on with a saved game: its moves are replayed, so
//! the whole history (and with it every repetition rule) is as it was.
//! Typed lines are read with a bound ([`crate::input::read_line`]).

use std::io::BufRead;
use std::path::PathBuf;
use std::sync::{Mutex, PoisonError};

use super::{load, records, start_position, ConfigArgs, Controller, Start, EXIT_INPUT, EXIT_OK};
use crate::ai;
use crate::draw;
use crate::eval::Outcome;
use crate::game::{Game, Position};
use crate::input::{read_line, Line, MAX_LINE_BYTES, MAX_SKIPPED_BYTES};
use crate::notation::{move_text, parse_move};
use crate::record::Record;

/// The most lines read in one turn without a move before the game stops
/// (input that is not someone typing, such as `/dev/urandom` or `yes`).
pub(crate) const MAX_LINES_PER_TURN: u32 = 100;

/// The exit code after Ctrl-C (128 + SIGINT, as shells report it).
const EXIT_INTERRUPTED: i32 = 130;

/// The options of `lud play`.
pub(super) struct Options {
    pub config: ConfigArgs,
    pub file: PathBuf,
    pub controllers: [Controller; 2],
    pub seed: u64,
    pub position: Option<String>,
    pub legality: crate::position::Legality,
    pub max_plies: u32,
    pub record: Option<PathBuf>,
    pub resume: Option<PathBuf>,
    pub ai_nodes: u64,
    pub ai_time: Option<std::time::Duration>,
}

/// A game in progress: what is printed and saved however it stops.
struct Session {
    /// The record so far.
    rec: Record,
    /// The position string of where the game stands.
    position: String,
    /// Where to write the record.
    path: Option<PathBuf>,
    /// The record has been printed and written: nothing more to do.
    done: bool,
}

/// The game in progress, for the Ctrl-C handler and the panic hook.
static SESSION: Mutex<Option<Session>> = Mutex::new(None);

/// How a game stopped.
enum Stop {
    /// An end rule ended it.
    Over(Outcome),
    /// The move limit.
    MoveLimit,
    /// A player stopped (`quit`, the end of input): unfinished.
    Quit,
    /// It cannot go on (a bad input stream): unfinished, exit 1.
    Failed,
}

impl Session {
    /// Prints where the game stands, the result and the record, and writes
    /// the record; whether it was written (or not asked for).
    fn conclude(&mut self, result: &str, line: &str) -> bool {
        self.done = true;
        self.rec.set_tag("Result", result);
        outln!("Position: {}", self.position);
        outln!("Result: {line}");
        let text = self.rec.to_text();
        outln!("\n{text}");
        super::io::flush_out();
        match &self.path {
            Some(path) => match super::io::write_atomic(path, text.as_bytes()) {
                Ok(()) => true,
                Err(e) => {
                    eoutln!("error: cannot write the record to {}: {e}", path.display());
                    false
                }
            },
            None => true,
        }
    }
}

/// Runs `f` on the game in progress, if there is one not yet concluded
/// (even if a panic poisoned the lock).
fn with_session(f: impl FnOnce(&mut Session)) {
    let mut guard = SESSION.lock().unwrap_or_else(PoisonError::into_inner);
    if let Some(s) = guard.as_mut().filter(|s| !s.done) {
        f(s);
    }
}

/// Ctrl-C and internal errors: the game so far is printed and saved.
fn install_handlers() {
    // Ctrl-C: save, then end as a shell expects.
    let _ = ctrlc::set_handler(|| {
        with_session(|s| {
            outln!("\nThe game is interrupted (Ctrl-C).");
            s.conclude("*", "unfinished (*)");
        });
        super::io::flush_out();
        std::process::exit(EXIT_INTERRUPTED);
    });
    // A panic (a bug): the hook runs before the abort (release builds abort
    // on panic), so the game is saved first.
    let default = std::panic::take_hook();
    std::panic::set_hook(Box::new(move |info| {
        default(info);
        let Ok(mut guard) = SESSION.try_lock().or_else(|e| match e {
            std::sync::TryLockError::Poisoned(p) => Ok(p.into_inner()),
            std::sync::TryLockError::WouldBlock => Err(()),
        }) else {
            return;
        };
        if let Some(s) = guard.as_mut().filter(|s| !s.done) {
            eoutln!("error: lud stopped on an internal error; the game so far is kept");
            outln!("\nThe game is stopped by an internal error.");
            s.conclude("*", "unfinished (*)");
        }
    }));
}

pub(super) fn run(o: &Options) -> i32 {
    let (game, mut pos, mut rec) = match &o.resume {
        Some(path) => match resumed(o, path) {
            Ok(r) => r,
            Err(c) => return c,
        },
        None => {
            let game = match load(&o.file, &o.config) {
                Ok(g) => g,
                Err(c) => return c,
            };
            let pos = match start_position(
                &game,
                &Start {
                    text: o.position.as_deref(),
                    legality: o.legality,
                },
            ) {
                Ok(p) => p,
                Err(c) => return c,
            };
            let mut rec = Record::default();
            rec.set_tag("Game", game.name());
            (game, pos, rec)
        }
    };
    let model = game.model();
    rec.set_tag("File", o.file.display().to_string());
    if let Some(r) = &model.assignment.ruleset {
        rec.set_tag("Ruleset", r.clone());
    }
    if !o.config.options.is_empty() {
        rec.set_tag("Options", o.config.options.join(" "));
    }
    if o.position.is_some() {
        rec.set_tag("Position", pos.to_string());
    }
    for (i, p) in model.players.iter().enumerate().take(2) {
        rec.set_tag(&p.name, format!("{:?}", o.controllers[i]).to_lowercase());
    }
    rec.set_tag("Seed", o.seed.to_string());
    if o.resume.is_none() && pos.side_to_move() != 0 {
        rec.set_tag("FirstSide", pos.side_to_move().to_string());
    }
    let mut plies = u32::try_from(rec.moves.len()).unwrap_or(u32::MAX);
    *SESSION.lock().unwrap_or_else(PoisonError::into_inner) = Some(Session {
        rec,
        position: pos.to_string(),
        path: o.record.clone(),
        done: false,
    });
    install_handlers();

    let human = o.controllers.contains(&Controller::Human);
    let mut rng = fastrand::Rng::with_seed(o.seed);
    let settings = ai::Settings {
        max_nodes: o.ai_nodes,
        max_time: o.ai_time,
        ..ai::Settings::default()
    };
    let panic_at = injected_panic();
    let stdin = std::io::stdin();
    let mut input = stdin.lock();
    out!("{}", draw::position(&pos));
    let stop = loop {
        if let Some(out) = pos.outcome() {
            break Stop::Over(out);
        }
        if plies >= o.max_plies {
            break Stop::MoveLimit;
        }
        assert!(
            panic_at != Some(plies),
            "a panic injected at ply {plies} (LUD_TEST_PANIC_AT_PLY)"
        );
        let side = pos.side_to_move();
        let mover = model.players[side].name.clone();
        let m = match o.controllers[side.min(1)] {
            Controller::Random => {
                let moves = pos.legal_moves();
                if moves.is_empty() {
                    break Stop::Quit;
                }
                moves[rng.usize(..moves.len())]
            }
            Controller::Ai => match ai::choose(&pos, settings, &mut rng) {
                Some(m) => m,
                None => break Stop::Quit,
            },
            Controller::Human => match ask(&pos, &mover, &mut input) {
                Asked::Move(m) => m,
                Asked::Quit => {
                    outln!("\n{mover} stops the game.");
                    break Stop::Quit;
                }
                Asked::End => {
                    outln!("\n{mover} stops the game (end of input).");
                    break Stop::Quit;
                }
                Asked::Fail(why) => {
                    outln!("\nThe game stops: {why}.");
                    eoutln!("error: {why}");
                    break Stop::Failed;
                }
            },
        };
        let text = move_text(&pos, m);
        with_session(|s| s.rec.push(&pos, m));
        pos.play_unchecked(m);
        with_session(|s| s.position = pos.to_string());
        plies += 1;
        if human {
            outln!("{mover} plays {text}");
            out!("{}", draw::position(&pos));
        }
    };
    if !human {
        out!("{}", draw::position(&pos));
    }
    let mut code = EXIT_OK;
    with_session(|s| {
        let written = match &stop {
            Stop::Over(out) => {
                let words = draw::outcome_text(model, out);
                s.rec.set_tag("Result", out.score());
                s.rec.set_tag("Ending", words.clone());
                s.conclude(out.score(), &format!("{words} ({})", out.score()))
            }
            Stop::MoveLimit => {
                let out = Outcome::Draw {
                    kind: "move limit".into(),
                };
                let words = draw::outcome_text(model, &out);
                s.rec.set_tag("Result", out.score());
                s.rec.set_tag("Ending", words.clone());
                s.rec.set_tag("Termination", "move limit");
                s.conclude(out.score(), &format!("{words} ({})", out.score()))
            }
            Stop::Quit | Stop::Failed => s.conclude("*", "unfinished (*)"),
        };
        if !written || matches!(stop, Stop::Failed) {
            code = EXIT_INPUT;
        }
    });
    code
}

/// The game, position and record of `--resume RECORD`: the record's moves
/// replayed from its start, with its tags (but not its result).
fn resumed(o: &Options, path: &std::path::Path) -> Result<(Game, Position, Record), i32> {
    let loaded = records::read(path)?;
    let game = records::load_game(&o.file, &o.config, &loaded)?;
    let pos = loaded.record.replay(&game).map_err(|e| {
        eoutln!("error: {}: {e}", path.display());
        EXIT_INPUT
    })?;
    let mut rec = loaded.record;
    rec.tags
        .retain(|(k, _)| !matches!(k.as_str(), "Result" | "Ending" | "Termination"));
    if rec.tag("Game").is_none() {
        rec.set_tag("Game", game.name());
    }
    outln!(
        "Resuming the game of {} after {} move(s).",
        path.display(),
        rec.moves.len()
    );
    Ok((game, pos, rec))
}

/// The ply at which to panic, for the tests of what a panic keeps: only in
/// debug builds, from `LUD_TEST_PANIC_AT_PLY`.
fn injected_panic() -> Option<u32> {
    if !cfg!(debug_assertions) {
        return None;
    }
    std::env::var("LUD_TEST_PANIC_AT_PLY").ok()?.parse().ok()
}

/// What the human answered.
enum Asked {
    /// A legal move.
    Move(crate::Move),
    /// `quit`, `exit` or `resign`.
    Quit,
    /// The end of input.
    End,
    /// The input cannot be read as typed lines (why).
    Fail(String),
}

/// Asks the human for a move until a legal one is typed.
fn ask(pos: &Position, mover: &str, input: &mut impl BufRead) -> Asked {
    // An example that is a legal move here, so it is never misleading.
    let example = pos
        .legal_moves()
        .first()
        .map_or_else(|| "e2e3".to_string(), |&m| move_text(pos, m));
    let task = match pos.phase() {
        Some(ph) => {
            let nth = if ph.moves_each > 1 {
                let done = ph.moves_each - pos.phase_moves_left().min(ph.moves_each);
                format!(", move {} of {}", done + 1, ph.moves_each)
            } else {
                String::new()
            };
            let what = ph.prompt.as_deref().unwrap_or("make a move of the phase");
            format!("{} phase{nth}: {what}; ", ph.name)
        }
        None => String::new(),
    };
    let mut lines = 0u32;
    loop {
        if lines >= MAX_LINES_PER_TURN {
            return Asked::Fail(format!(
                "{MAX_LINES_PER_TURN} lines in a row without a move; is the input someone typing?"
            ));
        }
        lines += 1;
        out!("{mover} to move ({task}a move such as {example}, `moves`, `help`, `quit`): ");
        super::io::flush_out();
        let line = match read_line(input, MAX_LINE_BYTES) {
            Ok(Line::Text(t)) => t,
            Ok(Line::End) => return Asked::End,
            Ok(Line::NotText) => {
                outln!("Refused: that line is not UTF-8 text; type a move such as {example}.");
                continue;
            }
            Ok(Line::TooLong) => {
                outln!(
                    "Refused: a line of more than {MAX_LINE_BYTES} bytes; a move is a few letters, such as {example}."
                );
                continue;
            }
            Ok(Line::Flood) => {
                return Asked::Fail(format!(
                    "more than {} MiB of input without a line break",
                    MAX_SKIPPED_BYTES >> 20
                ))
            }
            Err(e) => return Asked::Fail(format!("cannot read the input: {e}")),
        };
        let t = line.trim();
        match t {
            "" => continue,
            "quit" | "exit" | "resign" => return Asked::Quit,
            "moves" => {
                let all: Vec<String> = pos
                    .legal_moves()
                    .into_iter()
                    .map(|m| move_text(pos, m))
                    .collect();
                outln!("{}", all.join(" "));
                continue;
            }
            "help" | "?" => {
                outln!("Type a move as its from and to squares (e2e3); a promotion adds the new piece's letter (e7e8q).");
                outln!("`moves` lists the legal moves, `board` shows the board, `quit` stops (the record is still printed).");
                continue;
            }
            "board" => {
                out!("{}", draw::position(pos));
                continue;
            }
            _ => {}
        }
        match parse_move(pos, t) {
            Ok(m) => return Asked::Move(m),
            Err(e) => {
                outln!("Refused: {}.", e.message);
                if let Some(h) = e.help {
                    outln!("  {h}");
                }
            }
        }
    }
}
