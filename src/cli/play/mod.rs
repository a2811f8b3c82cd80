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
//!
//! A human may take a turn back (`undo`, `redo`), ask for a hint, offer a
//! draw, resign and turn the board round; the board shows the last move,
//! and each ply is written out with its number, what it took and check.
//! A game of computers shows its moves as they are played on a terminal
//! (stderr; `--quiet` silences it).

mod human;
mod save;
mod shown;
mod table;

use std::path::PathBuf;

use super::{load, records, start_position, ConfigArgs, Controller, Start, EXIT_INPUT, EXIT_OK};
use crate::ai;
use crate::compile::model::{OutcomeDef, Worth};
use crate::draw;
use crate::eval::Outcome;
use crate::game::{Game, Position};
use crate::record::Record;
use human::Asked;
use save::{with_session, Session};
use table::Table;

/// The options of `lud play`.
pub(super) struct Options {
    pub(super) config: ConfigArgs,
    pub(super) file: PathBuf,
    pub(super) controllers: [Controller; 2],
    pub(super) seed: u64,
    pub(super) position: Option<String>,
    pub(super) legality: crate::position::Legality,
    pub(super) max_plies: u32,
    pub(super) record: Option<PathBuf>,
    pub(super) resume: Option<PathBuf>,
    pub(super) ai_nodes: u64,
    pub(super) ai_time: Option<std::time::Duration>,
    /// How the computer searches.
    pub(super) method: Option<ai::Method>,
    /// Draw the board from the other side at the start.
    pub(super) flip: bool,
    /// No moves shown as they are played in a game of computers.
    pub(super) quiet: bool,
}

/// How a game stopped.
enum Stop {
    /// An end rule ended it, or a resignation or an agreed draw.
    Over(Outcome),
    /// The move limit.
    MoveLimit,
    /// A player stopped (`quit`, the end of input): unfinished.
    Quit,
    /// It cannot go on (a bad input stream): unfinished, exit 1.
    Failed,
    /// The player to move (named) has no legal move and no end rule ends
    /// the game: unfinished.
    Stuck(String),
}

pub(super) fn run(o: &Options) -> i32 {
    let (game, pos, mut rec) = match &o.resume {
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
    // The record is written once now, so a path it cannot be written to is
    // found before the game, not after it.
    if let Some(path) = &o.record {
        if let Err(e) = super::io::write_atomic(path, rec.to_text().as_bytes()) {
            eoutln!(
                "error: cannot write the record to {}: {e}\n  help: give --record a file in a folder that exists and can be written",
                path.display()
            );
            return EXIT_INPUT;
        }
    }
    // Numbered on from the record's plies (a resumed game's turns in parts
    // counted as its record counts them).
    let numbers = rec.start(&game).map_or_else(
        |_| crate::record::MoveNumbers::from_start(&pos),
        |start| rec.move_numbers(&start),
    );
    save::begin(Session {
        rec,
        position: pos.to_string(),
        path: o.record.clone(),
        done: false,
    });
    save::install_handlers();

    let humans = o.controllers.map(|c| c == Controller::Human);
    let human = humans.contains(&true);
    // Seen from the second player's side when only the second is human.
    let flipped = (humans == [false, true]) != o.flip;
    let method = o
        .method
        .unwrap_or_else(|| ai::Method::of_game(game.model()));
    let mut table = Table::new(pos, numbers, flipped);
    let mut play = Play {
        o,
        rng: fastrand::Rng::with_seed(o.seed),
        // Hints draw from their own generator, so asking for one does not
        // change the computer's later choices.
        hint_rng: fastrand::Rng::with_seed(o.seed ^ 0x9e37_79b9_7f4a_7c15),
        settings: ai::Settings {
            max_nodes: o.ai_nodes,
            max_time: o.ai_time,
            method,
            ..ai::Settings::default()
        },
        shown: (!human && !o.quiet).then(shown::Shown::new),
    };
    let panic_at = injected_panic();
    let stdin = std::io::stdin();
    let mut input = stdin.lock();
    if human {
        out!("{}", human::help_intro(&table.pos));
        show_board(&table);
    } else {
        out!("{}", draw::position(&table.pos));
    }
    let stop = loop {
        if let Some(out) = table.pos.outcome() {
            if human && !table.played.is_empty() {
                outln!("{}", draw::outcome_text(model, &out));
                if human::undo_after_end(&mut input) && undo(&mut table, humans) {
                    show_board(&table);
                    continue;
                }
            }
            break Stop::Over(out);
        }
        let plies = with_plies();
        if plies >= o.max_plies {
            break Stop::MoveLimit;
        }
        assert!(
            panic_at != Some(plies),
            "a panic injected at ply {plies} (LUD_TEST_PANIC_AT_PLY)"
        );
        let side = table.pos.side_to_move();
        let mover = model.players[side].name.clone();
        // Listed once a ply: the random player draws from them too.
        let moves = table.pos.legal_moves();
        if moves.is_empty() {
            outln!("\n{mover} has no legal move, and no end rule of the game says what that means: the game stops unfinished.");
            break Stop::Stuck(mover);
        }
        let m = match o.controllers[side.min(1)] {
            Controller::Random => moves[play.rng.usize(..moves.len())],
            Controller::Ai => match ai::choose(&table.pos, play.settings, &mut play.rng) {
                Some(m) => m,
                None => break Stop::Quit,
            },
            Controller::Human => {
                match human::ask(&mut table, &mut input, play.settings, &mut play.hint_rng) {
                    Asked::Move(m) => m,
                    Asked::Undo => {
                        if undo(&mut table, humans) {
                            show_board(&table);
                        } else {
                            outln!("Refused: there is no turn of yours to take back.");
                        }
                        continue;
                    }
                    Asked::Redo => {
                        if !redo(&mut table, humans) {
                            outln!("Refused: nothing was taken back to play again.");
                        }
                        show_board(&table);
                        continue;
                    }
                    Asked::OfferDraw => match offer_draw(&mut play, &table, &mut input) {
                        Some(out) => {
                            outln!("\n{}.", draw::outcome_text(model, &out));
                            break Stop::Over(out);
                        }
                        None => continue,
                    },
                    Asked::Resign => {
                        let winner = (side + 1) % model.players.len().max(1);
                        let out = Outcome::Win {
                            winner,
                            kind: "resignation".into(),
                            worth: Worth::Win,
                        };
                        outln!("\n{mover} resigns.");
                        break Stop::Over(out);
                    }
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
                }
            }
        };
        with_session(|s| s.rec.push(&table.pos, m));
        let line = table.play(m);
        with_session(|s| s.position = table.pos.to_string());
        if human {
            outln!("{line}");
            // The board is drawn when a human is to move next (or the game
            // is over): a human's own move is not drawn twice.
            let next_human = humans[table.pos.side_to_move().min(1)];
            if next_human || table.pos.outcome().is_some() {
                show_board(&table);
            }
        } else if let Some(shown) = &play.shown {
            shown.ply(&line);
        }
    };
    if let Some(shown) = &play.shown {
        shown.finish();
    }
    if !human {
        out!("{}", draw::position(&table.pos));
    }
    let mut code = EXIT_OK;
    with_session(|s| {
        let written = match &stop {
            Stop::Over(out) => {
                let words = draw::outcome_text(model, out);
                s.rec.set_tag("Result", out.score());
                s.rec.set_tag("Ending", words.clone());
                if out.kind() == "resignation" || out.kind() == "agreement" {
                    s.rec.set_tag("Termination", out.kind());
                }
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
            Stop::Stuck(mover) => {
                s.rec.set_tag("Termination", "no legal move");
                s.conclude("*", &format!("unfinished: {mover} has no legal move (*)"))
            }
        };
        if !written || matches!(stop, Stop::Failed) {
            code = EXIT_INPUT;
        }
    });
    code
}

/// What the game loop carries besides the table.
struct Play<'a> {
    o: &'a Options,
    /// The random player's and the computer's choices among equals.
    rng: fastrand::Rng,
    /// The hints' choices among equals.
    hint_rng: fastrand::Rng,
    /// How hard the computer thinks.
    settings: ai::Settings,
    /// Moves shown as they are played, in a game with no human.
    shown: Option<shown::Shown>,
}

/// The plies in the record so far.
fn with_plies() -> u32 {
    let mut n = 0;
    with_session(|s| n = u32::try_from(s.rec.moves.len()).unwrap_or(u32::MAX));
    n
}

/// Draws the board as the table is seen, the pieces taken, and the last ply.
fn show_board(table: &Table) {
    let model = table.pos.model();
    out!("{}", draw::board_view(&table.pos, table.view()));
    let taken = table.taken_by_player();
    if taken.iter().any(|t| !t.is_empty()) {
        let parts: Vec<String> = taken
            .iter()
            .enumerate()
            .filter(|(_, t)| !t.is_empty())
            .map(|(i, t)| format!("{} has taken {t}", model.players[i].name))
            .collect();
        outln!("{}.", parts.join("; "));
    }
}

/// Takes back plies until a human is to move again, having taken back the
/// first ply of a human's turn (a whole turn, its parts too; against the
/// computer, its reply too); false (and nothing taken back) if no human
/// ply was played here.
fn undo(table: &mut Table, humans: [bool; 2]) -> bool {
    let any_human = table
        .played
        .iter()
        .any(|p| humans[p.before.side_to_move().min(1)]);
    if !any_human {
        return false;
    }
    while let Some(ply) = table.take_back() {
        let side = ply.before.side_to_move();
        outln!("Taken back: {}", ply.line);
        with_session(|s| {
            s.rec.pop();
        });
        if humans[side.min(1)] && !ply.before.mid_turn() {
            break;
        }
    }
    with_session(|s| s.position = table.pos.to_string());
    true
}

/// Plays again what `undo` took back, up to the next human turn; false if
/// nothing was taken back.
fn redo(table: &mut Table, humans: [bool; 2]) -> bool {
    let mut any = false;
    while let Some(ply) = table.undone.last() {
        if any && humans[ply.before.side_to_move().min(1)] {
            break;
        }
        let (before, m) = (ply.before.clone(), ply.m);
        with_session(|s| s.rec.push(&before, m));
        if let Some(line) = table.play_again() {
            outln!("Played again: {line}");
        }
        any = true;
    }
    with_session(|s| s.position = table.pos.to_string());
    any
}

/// A draw offered by the player to move: `Some` if it is taken. The game
/// must be able to end in a draw; a human opponent is asked, the computer
/// takes it when it does not judge itself ahead, the random player never.
fn offer_draw(
    play: &mut Play<'_>,
    table: &Table,
    input: &mut impl std::io::BufRead,
) -> Option<Outcome> {
    let model = table.pos.model();
    if !model
        .ends
        .iter()
        .any(|e| matches!(e.outcome, OutcomeDef::Draw(_)))
    {
        outln!("Refused: this game has no draws; play on, or resign.");
        return None;
    }
    let side = table.pos.side_to_move();
    let other = (side + 1) % model.players.len().max(1);
    let (me, them) = (&model.players[side].name, &model.players[other].name);
    let agreed = match play.o.controllers[other.min(1)] {
        Controller::Human => {
            human::yes_or_no(input, &format!("{them}, {me} offers a draw. Do you agree?"))
                .unwrap_or(false)
        }
        Controller::Ai => {
            // The search judges the position for the player offering.
            let choice = ai::think(&table.pos, play.settings, &mut play.hint_rng);
            matches!(choice.score, ai::Score::Balance(v) if v >= 0)
                || matches!(choice.score, ai::Score::WinIn(_))
        }
        Controller::Random => false,
    };
    if agreed {
        Some(Outcome::Draw {
            kind: "agreement".into(),
        })
    } else {
        outln!("{them} declines the draw.");
        None
    }
}

/// The game, position and record of `--resume RECORD`: the record's moves
/// replayed from its start, with its tags (but not its result).
fn resumed(o: &Options, path: &std::path::Path) -> Result<(Game, Position, Record), i32> {
    let loaded = records::read(path)?;
    let game = records::load_game(&o.file, &o.config, &loaded)?;
    // Every position of the record, from its start: the last is where the
    // game goes on.
    let before = loaded.record.positions(&game).map_err(|e| {
        eoutln!("error: {}: {e}", path.display());
        EXIT_INPUT
    })?;
    let mut rec = loaded.record;
    rec.tags
        .retain(|(k, _)| !matches!(k.as_str(), "Result" | "Ending" | "Termination"));
    if rec.tag("Game").is_none() {
        rec.set_tag("Game", game.name());
    }
    if let Some((start, _)) = before.first() {
        if start.side_to_move() != 0 && rec.tag("FirstSide").is_none() {
            rec.set_tag("FirstSide", start.side_to_move().to_string());
        }
    }
    // The moves as this program writes them (a PGN's SAN in coordinates), so
    // the record goes on in one notation.
    rec.moves = rec
        .moves
        .iter()
        .zip(&before)
        .map(
            |(text, (pos, _))| match crate::notation::parse_move(pos, text) {
                Ok(m) => crate::notation::move_text(pos, m),
                Err(_) => text.clone(),
            },
        )
        .collect();
    // Who made each ply, so that a turn in parts is written as one.
    rec.sides = before
        .iter()
        .take(rec.moves.len())
        .map(|(p, _)| p.side_to_move())
        .collect();
    let Some((pos, _)) = before.into_iter().last() else {
        return Err(EXIT_INPUT);
    };
    let plies = rec.moves.len();
    outln!(
        "Resuming the game of {} after {plies} {}.",
        path.display(),
        if plies == 1 { "ply" } else { "plies" }
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
