//! `lud play FILE`: a game in the terminal between humans, the random player
//! and the computer.

use std::io::{BufRead, Write};
use std::path::PathBuf;

use super::{load, start_position, ConfigArgs, Controller, EXIT_INPUT, EXIT_OK};
use crate::ai;
use crate::draw;
use crate::eval::Outcome;
use crate::game::Position;
use crate::notation::{move_text, parse_move};
use crate::record::Record;

/// The options of `lud play`.
pub(super) struct Options {
    pub config: ConfigArgs,
    pub file: PathBuf,
    pub controllers: [Controller; 2],
    pub seed: u64,
    pub position: Option<String>,
    pub max_plies: u32,
    pub record: Option<PathBuf>,
    pub ai_nodes: u64,
}

pub(super) fn run(o: &Options) -> i32 {
    let game = match load(&o.file, &o.config) {
        Ok(g) => g,
        Err(c) => return c,
    };
    let mut pos = match start_position(&game, o.position.as_deref()) {
        Ok(p) => p,
        Err(c) => return c,
    };
    let model = game.model();
    let mut rec = Record::default();
    rec.set_tag("Game", model.name.clone());
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
    if pos.side_to_move() != 0 {
        rec.set_tag("FirstSide", pos.side_to_move().to_string());
    }
    let human = o.controllers.contains(&Controller::Human);
    let mut rng = fastrand::Rng::with_seed(o.seed);
    let settings = ai::Settings {
        max_nodes: o.ai_nodes,
        ..ai::Settings::default()
    };
    let stdin = std::io::stdin();
    let mut lines = stdin.lock().lines();
    print!("{}", draw::position(&pos));
    let mut plies = 0u32;
    let outcome: Option<Outcome> = loop {
        if let Some(out) = pos.outcome() {
            break Some(out);
        }
        if plies >= o.max_plies {
            break Some(Outcome::Draw {
                kind: "move limit".into(),
            });
        }
        let side = pos.side_to_move();
        let mover = model.players[side].name.clone();
        let m = match o.controllers[side.min(1)] {
            Controller::Random => {
                let moves = pos.legal_moves();
                if moves.is_empty() {
                    break None;
                }
                moves[rng.usize(..moves.len())]
            }
            Controller::Ai => match ai::choose(&pos, settings, &mut rng) {
                Some(m) => m,
                None => break None,
            },
            Controller::Human => match ask(&pos, &mover, &mut lines) {
                Some(m) => m,
                None => {
                    println!("\n{mover} stops the game.");
                    break None;
                }
            },
        };
        let text = move_text(&pos, m);
        rec.push(&pos, m);
        pos.play_unchecked(m);
        plies += 1;
        if human {
            println!("{mover} plays {text}");
            print!("{}", draw::position(&pos));
        }
    };
    if !human {
        print!("{}", draw::position(&pos));
    }
    println!("Position: {pos}");
    match &outcome {
        Some(out) => {
            rec.set_tag("Result", out.score());
            rec.set_tag("Ending", draw::outcome_text(model, out));
            println!(
                "Result: {} ({})",
                draw::outcome_text(model, out),
                out.score()
            );
        }
        None => {
            rec.set_tag("Result", "*");
            println!("Result: unfinished (*)");
        }
    }
    let text = rec.to_text();
    println!("\n{text}");
    if let Some(path) = &o.record {
        if let Err(e) = std::fs::write(path, &text) {
            eprintln!("error: cannot write the record to {}: {e}", path.display());
            return EXIT_INPUT;
        }
    }
    EXIT_OK
}

/// Asks the human for a move until a legal one is typed; `None` to stop.
fn ask(
    pos: &Position,
    mover: &str,
    lines: &mut impl Iterator<Item = std::io::Result<String>>,
) -> Option<crate::Move> {
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
    loop {
        print!("{mover} to move ({task}a move such as {example}, `moves`, `help`, `quit`): ");
        let _ = std::io::stdout().flush();
        let Some(Ok(line)) = lines.next() else {
            return None;
        };
        let t = line.trim();
        match t {
            "" => continue,
            "quit" | "exit" | "resign" => return None,
            "moves" => {
                let all: Vec<String> = pos
                    .legal_moves()
                    .into_iter()
                    .map(|m| move_text(pos, m))
                    .collect();
                println!("{}", all.join(" "));
                continue;
            }
            "help" | "?" => {
                println!("Type a move as its from and to squares (e2e3); a promotion adds the new piece's letter (e7e8q).");
                println!("`moves` lists the legal moves, `board` shows the board, `quit` stops (the record is still printed).");
                continue;
            }
            "board" => {
                print!("{}", draw::position(pos));
                continue;
            }
            _ => {}
        }
        match parse_move(pos, t) {
            Ok(m) => return Some(m),
            Err(e) => {
                println!("Refused: {}.", e.message);
                if let Some(h) = e.help {
                    println!("  {h}");
                }
            }
        }
    }
}
