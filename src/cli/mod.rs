//! The command line. Exit codes: 0 success, 1 the input is wrong (a game file
//! with errors, a bad position or move, a record that does not replay), 2 usage.

mod check;
mod graph;
mod perft;
mod play;
mod replay;
mod show;

use std::io::IsTerminal;
use std::path::{Path, PathBuf};

use clap::{Parser, Subcommand, ValueEnum};

use crate::compile::{compile, read_source, ReadError};
use crate::diagnostics::Style;
use crate::game::{Game, Position};

/// Exit code: success.
pub const EXIT_OK: i32 = 0;
/// Exit code: the input is wrong.
pub const EXIT_INPUT: i32 = 1;
/// Exit code: the command line is wrong.
pub const EXIT_USAGE: i32 = 2;

/// lud: check, compile and play board games described in `.lud` files.
#[derive(Debug, Parser)]
#[command(name = "lud", version, about, long_about = None)]
pub struct Cli {
    /// What to do.
    #[command(subcommand)]
    pub command: Command,
}

/// The subcommands.
#[derive(Debug, Subcommand)]
pub enum Command {
    /// Check game files and report every problem (exit 1 if any has errors).
    Check {
        /// The game files.
        #[arg(required = true)]
        files: Vec<PathBuf>,
    },
    /// Count the move tree to a depth (perft).
    Perft {
        /// The game file.
        file: PathBuf,
        /// Depth in plies.
        depth: u32,
        /// Start from this position string instead of the start position.
        #[arg(long)]
        position: Option<String>,
        /// Print the count below each move.
        #[arg(long)]
        divide: bool,
    },
    /// Play a game in the terminal.
    Play {
        /// The game file.
        file: PathBuf,
        /// Who plays the first player.
        #[arg(long, value_enum, default_value_t = Controller::Human)]
        white: Controller,
        /// Who plays the second player.
        #[arg(long, value_enum, default_value_t = Controller::Ai)]
        black: Controller,
        /// Seed for the random player and the computer's choices among equals.
        #[arg(long, default_value_t = 0)]
        seed: u64,
        /// Start from this position string.
        #[arg(long)]
        position: Option<String>,
        /// End the game as a draw ("move limit") after this many plies.
        #[arg(long, default_value_t = 500)]
        max_plies: u32,
        /// Also write the game record to this file.
        #[arg(long)]
        record: Option<PathBuf>,
        /// Computer player: node budget per move.
        #[arg(long, default_value_t = 60_000)]
        ai_nodes: u64,
    },
    /// Show the start position, the pieces and their moves, and the end rules.
    Show {
        /// The game file.
        file: PathBuf,
    },
    /// Print the rule graph (Graphviz DOT, or an indented listing with --text).
    Graph {
        /// The game file.
        file: PathBuf,
        /// An indented text listing instead of DOT.
        #[arg(long)]
        text: bool,
    },
    /// Print the language reference (Markdown), generated from the ludeme catalogue.
    Doc,
    /// Replay a game record and print the final position and result.
    Replay {
        /// The game file.
        file: PathBuf,
        /// The record.
        record: PathBuf,
    },
}

/// Who makes a player's moves.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum Controller {
    /// Typed in at the terminal.
    Human,
    /// A uniformly random legal move.
    Random,
    /// The computer player (alpha-beta search).
    Ai,
}

/// Runs a command; returns the exit code.
pub fn run(cli: Cli) -> i32 {
    match cli.command {
        Command::Check { files } => check::run(&files),
        Command::Perft {
            file,
            depth,
            position,
            divide,
        } => perft::run(&file, depth, position.as_deref(), divide),
        Command::Play {
            file,
            white,
            black,
            seed,
            position,
            max_plies,
            record,
            ai_nodes,
        } => play::run(&play::Options {
            file,
            controllers: [white, black],
            seed,
            position,
            max_plies,
            record,
            ai_nodes,
        }),
        Command::Show { file } => show::run(&file),
        Command::Graph { file, text } => graph::run(&file, text),
        Command::Replay { file, record } => replay::run(&file, &record),
        Command::Doc => {
            print!("{}", crate::compile::reference::markdown());
            EXIT_OK
        }
    }
}

/// How diagnostics are drawn on stderr.
pub(crate) fn style() -> Style {
    if std::io::stderr().is_terminal() && std::env::var_os("NO_COLOR").is_none() {
        Style::Colour
    } else {
        Style::Plain
    }
}

fn width() -> usize {
    std::env::var("COLUMNS")
        .ok()
        .and_then(|c| c.parse().ok())
        .unwrap_or(100)
}

/// Reads and compiles a game, printing every problem on failure.
pub(crate) fn load(path: &Path) -> Result<Game, i32> {
    let source = match read_source(path) {
        Ok(s) => s,
        Err(ReadError::Io { path, error }) => {
            eprintln!("error: cannot read {path}: {error}");
            return Err(EXIT_INPUT);
        }
        Err(ReadError::Bad(d)) => {
            eprint!("{}", d.render(style(), width()));
            return Err(EXIT_INPUT);
        }
    };
    match compile(&source) {
        Ok(g) => Ok(g),
        Err(d) => {
            eprint!("{}", d.render(style(), width()));
            eprintln!("error: {} has {} error(s)", path.display(), d.error_count());
            Err(EXIT_INPUT)
        }
    }
}

/// The start position, or the one given, printing a diagnostic if it cannot be read.
pub(crate) fn start_position(game: &Game, text: Option<&str>) -> Result<Position, i32> {
    match text {
        None => Ok(game.start()),
        Some(t) => game.position(t).map_err(|e| {
            report(e.as_ref());
            EXIT_INPUT
        }),
    }
}

/// Prints any miette diagnostic to stderr.
pub(crate) fn report(d: &dyn miette::Diagnostic) {
    let theme = match style() {
        Style::Plain => miette::GraphicalTheme::unicode_nocolor(),
        Style::Colour => miette::GraphicalTheme::unicode(),
    };
    let mut s = String::new();
    let handler = miette::GraphicalReportHandler::new_themed(theme).with_width(width());
    if handler.render_report(&mut s, d).is_err() {
        s = d.to_string();
    }
    eprint!("{s}");
}
