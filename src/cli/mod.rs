//! The command line. Exit codes: 0 success, 1 the input is wrong (a game file
//! with errors, a bad position or move, a record that does not replay), 2 usage.
//! Everything is written through `cli/io.rs` (`out!`, `outln!`, `eout!`,
//! `eoutln!`): a closed pipe ends the output quietly.
#![deny(clippy::print_stdout, clippy::print_stderr)]

/// Writes to stdout (see [`io::write_out`]).
macro_rules! out {
    ($($arg:tt)*) => {
        $crate::cli::io::write_out(format_args!($($arg)*))
    };
}

/// Writes a line to stdout (see [`io::write_out`]).
macro_rules! outln {
    () => {
        $crate::cli::io::write_out(format_args!("\n"))
    };
    ($($arg:tt)*) => {
        $crate::cli::io::write_out(format_args!("{}\n", format_args!($($arg)*)))
    };
}

/// Writes to stderr (see [`io::write_err`]).
macro_rules! eout {
    ($($arg:tt)*) => {
        $crate::cli::io::write_err(format_args!($($arg)*))
    };
}

/// Writes a line to stderr (see [`io::write_err`]).
macro_rules! eoutln {
    ($($arg:tt)*) => {
        $crate::cli::io::write_err(format_args!("{}\n", format_args!($($arg)*)))
    };
}

mod analyze;
mod bench;
mod check;
mod explain;
mod fmt;
mod graph;
mod io;
mod lsp;
mod lsp_io;
mod matchup;
mod perft;
mod play;
mod progress;
mod protocol;
mod records;
mod replay;
mod selfplay;
pub mod serve;
mod show;

use std::io::IsTerminal;
use std::path::{Path, PathBuf};

use clap::{Parser, Subcommand, ValueEnum};

use crate::build::compile_with;
use crate::compile::options::Config;
use crate::compile::{read_source, CompileError, ReadError};
use crate::diagnostics::Style;
use crate::game::{Game, Position};
use crate::position::Legality;
pub use analyze::AnalyzeArgs;
pub use matchup::{MatchArgs, Player as MatchPlayer, Protocol as EngineProtocol};
pub use selfplay::SelfplayArgs;

/// How the computer player searches (`--player`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum SearchMethod {
    /// Alpha-beta over an evaluation derived from the rules.
    Alphabeta,
    /// Monte Carlo tree search: random games to the end, no evaluation.
    Mcts,
    /// Monte Carlo tree search with RAVE: a move's value leans on how the
    /// games went in which its player made it later (placing games).
    Rave,
}

impl From<SearchMethod> for crate::ai::Method {
    fn from(m: SearchMethod) -> Self {
        match m {
            SearchMethod::Alphabeta => crate::ai::Method::AlphaBeta,
            SearchMethod::Mcts => crate::ai::Method::Mcts,
            SearchMethod::Rave => crate::ai::Method::Rave,
        }
    }
}

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

/// The ruleset and options a game is played with.
#[derive(Debug, Clone, Default, clap::Args)]
pub struct ConfigArgs {
    /// The ruleset (default: the game's first).
    #[arg(long)]
    pub ruleset: Option<String>,
    /// Set an option, `NAME=VALUE` (repeatable).
    #[arg(long = "option", value_name = "NAME=VALUE")]
    pub options: Vec<String>,
}

impl ConfigArgs {
    /// Whether any ruleset or option was given.
    pub fn is_empty(&self) -> bool {
        self.ruleset.is_none() && self.options.is_empty()
    }

    /// The configuration, or a usage error for an option without `=` or
    /// one given twice with different values (given twice alike, it is
    /// kept once).
    pub fn config(&self) -> Result<Config, String> {
        let mut options = Vec::new();
        for o in &self.options {
            let Some((k, v)) = o.split_once('=') else {
                return Err(format!(
                    "--option takes NAME=VALUE, as in --option opening-moves=8 (got `{o}`)"
                ));
            };
            let (k, v) = (k.trim(), v.trim());
            let given: Option<&String> = options
                .iter()
                .find(|(name, _): &&(String, String)| name == k)
                .map(|(_, was)| was);
            match given {
                // Given twice alike: once is enough.
                Some(was) if was == v => {}
                Some(was) => return Err(twice(k, was, v)),
                None => options.push((k.to_string(), v.to_string())),
            }
        }
        Ok(Config {
            ruleset: self.ruleset.clone(),
            options,
        })
    }
}

/// The usage error of option `k` given as `k=a` and `k=b`.
fn twice(k: &str, a: &str, b: &str) -> String {
    format!("--option {k} is given twice, as {k}={a} and {k}={b}: give each option once")
}

/// The subcommands.
#[derive(Debug, Subcommand)]
pub enum Command {
    /// Check game files and report every problem (exit 1 if any has errors).
    Check {
        /// The game files.
        #[arg(required = true)]
        files: Vec<PathBuf>,
        /// How to print the problems: `text` for people, `json` for editors
        /// (one JSON object per problem and line).
        #[arg(long, value_enum, default_value_t = Format::Text)]
        format: Format,
        /// Exit 0 when there are warnings but no errors (by default a warning
        /// fails the check, as a likely mistake).
        #[arg(long)]
        allow_warnings: bool,
        /// Check under this ruleset and options only (default: every ruleset and every option value).
        /// The ruleset and options.
        #[command(flatten)]
        config: ConfigArgs,
    },
    /// Count the move tree to a depth (perft).
    Perft {
        /// The game file.
        file: PathBuf,
        /// Depth in plies (at most 10000).
        depth: u32,
        /// Start from this position string instead of the start position.
        #[arg(long, allow_hyphen_values = true)]
        position: Option<String>,
        /// Read the position even if no game could reach it (the player
        /// who moved last in check, royal pieces missing or too many).
        #[arg(long, requires = "position")]
        allow_illegal: bool,
        /// Print the count below each move.
        #[arg(long)]
        divide: bool,
        /// Count each part of a turn as a level (as engines that split turns
        /// count); by default a level is a whole turn.
        #[arg(long, conflicts_with = "threads")]
        parts: bool,
        /// Threads to count on (0: one per core; at most 4 per core, at least 8).
        #[arg(long, default_value_t = 1)]
        threads: usize,
        /// Show no progress (it is shown on stderr, and only on a terminal).
        #[arg(long)]
        quiet: bool,
        /// The ruleset and options.
        #[command(flatten)]
        config: ConfigArgs,
    },
    /// Play random games to the end (or a cap) and report playouts and states per second.
    Bench {
        /// The game file.
        file: PathBuf,
        /// How many games.
        #[arg(long, default_value_t = 2000)]
        games: u64,
        /// The most plies a game may last (RBG's benchmarks stop games at 200; at most 100000).
        #[arg(long, default_value_t = 200)]
        cap: u32,
        /// Seed of the random moves.
        #[arg(long, default_value_t = 1)]
        seed: u64,
        /// Threads to play on (0: one per core; at most 4 per core, at least 8).
        #[arg(long, default_value_t = 1)]
        threads: usize,
        /// Print one JSON object instead of a table.
        #[arg(long)]
        json: bool,
        /// Show no progress (it is shown on stderr, and only on a terminal).
        #[arg(long)]
        quiet: bool,
        /// The ruleset and options.
        #[command(flatten)]
        config: ConfigArgs,
    },
    /// Play a game in the terminal.
    Play {
        /// The game file.
        file: PathBuf,
        /// Who plays the first player (also `--first`, for games whose first player is not White).
        #[arg(long, visible_alias = "first", value_enum, default_value_t = Controller::Human)]
        white: Controller,
        /// Who plays the second player (also `--second`).
        #[arg(long, visible_alias = "second", value_enum, default_value_t = Controller::Ai)]
        black: Controller,
        /// Seed for the random player and the computer's choices among equals.
        #[arg(long, default_value_t = 0)]
        seed: u64,
        /// Start from this position string.
        #[arg(long, allow_hyphen_values = true, conflicts_with = "resume")]
        position: Option<String>,
        /// Read the position even if no game could reach it (the player
        /// who moved last in check, royal pieces missing or too many).
        #[arg(long, requires = "position")]
        allow_illegal: bool,
        /// End the game as a draw ("move limit") after this many plies.
        #[arg(long, default_value_t = 500)]
        max_plies: u32,
        /// Also write the game record to this file (also when the game is
        /// stopped: `quit`, the end of input, Ctrl-C, an error).
        #[arg(long)]
        record: Option<PathBuf>,
        /// Go on with the game of this record: its moves are replayed (the
        /// whole history, so repetition rules hold), with its ruleset,
        /// options and tags.
        #[arg(long, value_name = "RECORD")]
        resume: Option<PathBuf>,
        /// Computer player: node budget per move.
        #[arg(long, default_value_t = 60_000)]
        ai_nodes: u64,
        /// Computer player: time budget per move, in seconds (the search
        /// stops at whichever budget runs out first).
        #[arg(long, value_name = "SECONDS", value_parser = parse_seconds)]
        ai_time: Option<std::time::Duration>,
        /// Computer player: how it searches (default: the game's own
        /// choice, `(info player:...)`, else alphabeta).
        #[arg(long, value_enum)]
        player: Option<SearchMethod>,
        /// Draw the board from the other side (it is drawn from the second
        /// player's side anyway when only the second player is human).
        #[arg(long)]
        flip: bool,
        /// In a game with no human, do not show the moves as they are
        /// played (they are shown on stderr when it is a terminal).
        #[arg(long, short)]
        quiet: bool,
        /// The ruleset and options.
        #[command(flatten)]
        config: ConfigArgs,
    },
    /// Show the start position, the pieces and their moves, and the end rules.
    Show {
        /// The game file.
        file: PathBuf,
        /// The ruleset and options.
        #[command(flatten)]
        config: ConfigArgs,
    },
    /// The rules in plain English, written from the compiled game.
    Describe {
        /// The game file.
        file: PathBuf,
        /// The ruleset and options.
        #[command(flatten)]
        config: ConfigArgs,
    },
    /// Print the rule graph (Graphviz DOT, or an indented listing with --text).
    Graph {
        /// The game file.
        file: PathBuf,
        /// An indented text listing instead of DOT.
        #[arg(long)]
        text: bool,
        /// The ruleset and options.
        #[command(flatten)]
        config: ConfigArgs,
    },
    /// Say why a move is legal or which rule refuses it; without a move, where
    /// the game stands (and, if it is over, which end rule ended it, on which
    /// move, for whom).
    Explain {
        /// The game file.
        file: PathBuf,
        /// The move, in coordinate notation (`e2e3`), or in SAN (`Nf3`) where the game has it.
        #[arg(value_name = "MOVE")]
        mv: Option<String>,
        /// The position (default: the start).
        #[arg(long, allow_hyphen_values = true, conflicts_with = "record")]
        position: Option<String>,
        /// Read the position even if no game could reach it (the player
        /// who moved last in check, royal pieces missing or too many).
        #[arg(long, requires = "position")]
        allow_illegal: bool,
        /// A game record: the position after its moves (and the move on which
        /// the game ended).
        #[arg(long)]
        record: Option<PathBuf>,
        /// With --record: the position after this many plies of the record (0: its start).
        #[arg(long, requires = "record")]
        ply: Option<usize>,
        /// Also quote the rules as the game file writes them (for authors).
        #[arg(long)]
        verbose: bool,
        /// The ruleset and options (default: the record's, if any).
        #[command(flatten)]
        config: ConfigArgs,
    },
    /// Print the language reference (Markdown), generated from the ludeme catalogue.
    Doc,
    /// Play games between two players (lud's computer player, the random
    /// player, an external UCI or xboard engine) and report the score, the
    /// Elo difference and how the games ended.
    Match(MatchArgs),
    /// Play a study of many games between two players (random, alpha-beta
    /// or MCTS at a budget), in parallel, one JSON line a game; resumable,
    /// deterministic per seed, cut into shards for a cluster.
    Selfplay(SelfplayArgs),
    /// Read `lud selfplay` results: wins, draws and losses by side with 95%
    /// intervals, endings, game length, branching, Ludii's metrics; studies
    /// side by side; a table, JSON, SVG plots or an HTML report.
    Analyze(AnalyzeArgs),
    /// Rewrite game files in the canonical layout (comments kept).
    Fmt {
        /// The game files.
        #[arg(required = true)]
        files: Vec<PathBuf>,
        /// Change nothing; list the files that are not formatted and exit 1 if any.
        #[arg(long)]
        check: bool,
    },
    /// Speak UCI on stdin and stdout, for chess GUIs and match tools
    /// (directly, or through polyglot).
    ///
    /// Commands: uci, isready, setoption, ucinewgame, position (startpos or
    /// fen, then moves), go (depth, nodes, movetime, wtime, btime, winc,
    /// binc, movestogo, infinite, perft), stop, quit. Options: `UCI_Variant`
    /// (the game's rulesets, or its own name), the game's own options,
    /// Threads, Player (alphabeta, mcts or rave); Hash is accepted and ignored. An
    /// option set takes effect at
    /// the next ucinewgame or position. Moves: e2e4, e7e8q, P@e4 (a drop),
    /// 0000 (a pass), a turn in parts joined by commas (d1d7,d7g7). A game
    /// the notation cannot write (not two players, pieces removed, series of
    /// jumps, captures without moving, two rules whose moves read alike:
    /// `a1a2` and `a1a2/2`) is refused with exit code 1.
    Uci {
        /// The game file.
        file: PathBuf,
        /// The variant name `UCI_Variant` offers, for a game of one ruleset
        /// (default: the game's name in small letters, spaces as `-`).
        #[arg(long)]
        variant: Option<String>,
        /// The ruleset and options to start with.
        #[command(flatten)]
        config: ConfigArgs,
    },
    /// Speak the XBoard protocol (CECP version 2) on stdin and stdout, for
    /// XBoard, WinBoard and match tools.
    ///
    /// Run it from XBoard as: xboard -fcp "lud xboard GAME.lud" -variant
    /// NAME (NAME as announced: see --variant). Commands: xboard, protover, new, variant, setboard,
    /// usermove, force, go, playother, level, st, sd, time, otim, ping,
    /// result, undo, remove, ? (move now), post, nopost, quit.
    Xboard {
        /// The game file.
        file: PathBuf,
        /// The variant name to announce (default: the game's name in small
        /// letters, spaces as `-`; XBoard calls chess `normal`).
        #[arg(long)]
        variant: Option<String>,
        /// The ruleset and options.
        #[command(flatten)]
        config: ConfigArgs,
    },
    /// Speak the Language Server Protocol on stdin and stdout, for editors:
    /// diagnostics as you type (those of `lud check`), hover docs and
    /// completion from the ludeme catalogue, go to definition, rename,
    /// formatting (`lud fmt`) and the outline. See docs/editors.md.
    Lsp,
    /// Open the playground in a browser: edit a game with live diagnostics,
    /// hover docs and completion, see its board, play it by clicking against
    /// the computer, ask why a move is refused. Serves the .lud files named
    /// (or those of the folders named) on <http://127.0.0.1:8080/>.
    Serve {
        /// The game files, or folders of them, the playground may open and
        /// save (default: `games/` if there is one here, else none: the page
        /// still writes and plays a new game).
        paths: Vec<PathBuf>,
        /// The port (0: one the system picks).
        #[arg(long, default_value_t = 8080)]
        port: u16,
        /// The address to listen on. Anything but a loopback address lets
        /// other machines open the playground (and save the files served).
        #[arg(long, default_value = "127.0.0.1")]
        host: String,
    },
    /// Replay a game record (or check a file of them) and print the final position and result.
    Replay {
        /// The game file.
        file: PathBuf,
        /// The record: one, a file of several, or a results file of `lud selfplay --moves` (`-`: the standard input)
        record: PathBuf,
        /// Print the record as PGN (SAN moves where the game has them) instead of the board
        #[arg(long, conflicts_with = "step")]
        pgn: bool,
        /// Walk the record ply by ply (on a terminal: Enter, b, a number, q; else every position is printed)
        #[arg(long)]
        step: bool,
        /// In a file of several records (as `lud match --records` writes) or of results (`lud selfplay --moves`), the one to replay, from 1; without it each is checked, a line each
        #[arg(long, value_name = "N")]
        game: Option<usize>,
        /// Override the ruleset and options the record names.
        #[command(flatten)]
        config: ConfigArgs,
    },
}

/// How `lud check` prints problems.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum Format {
    /// Drawn for people, with the source text.
    Text,
    /// One JSON object per problem and line (JSON Lines).
    Json,
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
        Command::Check {
            files,
            format,
            allow_warnings,
            config,
        } => check::run(&files, &config, format, allow_warnings),
        Command::Perft {
            file,
            depth,
            position,
            allow_illegal,
            divide,
            parts,
            threads,
            quiet,
            config,
        } => perft::run(
            &file,
            &config,
            depth,
            &Start::new(position.as_deref(), allow_illegal),
            &perft::Counting {
                divide,
                parts,
                threads,
                quiet,
            },
        ),
        Command::Bench {
            file,
            games,
            cap,
            seed,
            threads,
            json,
            quiet,
            config,
        } => bench::run(
            &file,
            &config,
            &bench::Options {
                games,
                cap,
                seed,
                threads,
                json,
                quiet,
            },
        ),
        Command::Play {
            file,
            white,
            black,
            seed,
            position,
            allow_illegal,
            max_plies,
            record,
            resume,
            ai_nodes,
            ai_time,
            player,
            flip,
            quiet,
            config,
        } => play::run(&play::Options {
            config,
            file,
            controllers: [white, black],
            seed,
            position,
            legality: legality(allow_illegal),
            max_plies,
            record,
            resume,
            ai_nodes,
            ai_time,
            method: player.map(Into::into),
            flip,
            quiet,
        }),
        Command::Show { file, config } => show::run(&file, &config),
        Command::Describe { file, config } => match load(&file, &config) {
            Ok(game) => {
                out!("{}", crate::describe::describe(&game));
                EXIT_OK
            }
            Err(code) => code,
        },
        Command::Graph { file, text, config } => graph::run(&file, &config, text),
        Command::Replay {
            file,
            record,
            pgn,
            step,
            game,
            config,
        } => replay::run(&replay::Options {
            file: &file,
            record: &record,
            config: &config,
            pgn,
            step,
            game,
        }),
        Command::Fmt { files, check } => fmt::run(&files, check),
        Command::Lsp => lsp::run(),
        Command::Serve { paths, port, host } => serve::run(&serve::Options { paths, host, port }),
        Command::Uci {
            file,
            variant,
            config,
        } => protocol::uci::run(&protocol::uci::Options {
            file,
            config,
            variant,
        }),
        Command::Xboard {
            file,
            variant,
            config,
        } => protocol::xboard::run(&protocol::xboard::Options {
            file,
            config,
            variant,
        }),
        Command::Explain {
            file,
            mv,
            position,
            allow_illegal,
            record,
            ply,
            verbose,
            config,
        } => explain::run(&explain::Options {
            file,
            mv,
            position,
            legality: legality(allow_illegal),
            record,
            ply,
            detail: if verbose {
                crate::explain::Detail::Rules
            } else {
                crate::explain::Detail::Plain
            },
            config,
        }),
        Command::Match(args) => matchup::run(&args),
        Command::Selfplay(args) => selfplay::run(&args),
        Command::Analyze(args) => analyze::run(&args),
        Command::Doc => {
            out!("{}", crate::compile::reference::markdown());
            EXIT_OK
        }
    }
}

/// Ends a command: flushes stdout and returns the exit code (1 if the output
/// could not be written, for a reason other than a closed pipe).
pub fn finish(code: i32) -> i32 {
    io::finish(code)
}

/// Refuses more threads than [`crate::perft::max_threads`] (a usage error).
pub(crate) fn check_threads(threads: usize) -> Result<(), i32> {
    let max = crate::perft::max_threads();
    if threads > max {
        eoutln!("error: --threads {threads} is more than the {max} this machine can use");
        eoutln!("  help: at most 4 threads per core (at least 8); --threads 0 uses one per core");
        return Err(EXIT_USAGE);
    }
    Ok(())
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

/// Reads and compiles a game for a configuration, printing every problem on failure.
pub(crate) fn load(path: &Path, config: &ConfigArgs) -> Result<Game, i32> {
    load_with(path, config, None)
}

/// [`load`], with the report of a ruleset or option the game does not have
/// left to `on_config` (which returns the exit code) when the configuration
/// came from somewhere other than the command line.
pub(crate) fn load_with(
    path: &Path,
    config: &ConfigArgs,
    on_config: Option<&dyn Fn(&crate::compile::options::ConfigError) -> i32>,
) -> Result<Game, i32> {
    let config = match config.config() {
        Ok(c) => c,
        Err(e) => {
            eoutln!("error: {e}");
            return Err(EXIT_USAGE);
        }
    };
    let source = match read_source(path) {
        Ok(s) => s,
        Err(ReadError::Io { path, error }) => {
            eoutln!("error: cannot read {path}: {error}");
            return Err(EXIT_INPUT);
        }
        Err(ReadError::Bad(d)) => {
            eout!("{}", d.render(style(), width()));
            return Err(EXIT_INPUT);
        }
    };
    match compile_with(&source, &config) {
        Ok(g) => Ok(g),
        Err(CompileError::Source(d)) => {
            eout!("{}", d.render(style(), width()));
            eoutln!("error: {} has {} error(s)", path.display(), d.error_count());
            Err(EXIT_INPUT)
        }
        Err(CompileError::Config(e)) => match on_config {
            Some(f) => Err(f(&e)),
            None => {
                report(e.as_ref());
                Err(EXIT_USAGE)
            }
        },
    }
}

/// How `--allow-illegal` reads a position.
fn legality(allow_illegal: bool) -> Legality {
    if allow_illegal {
        Legality::Unchecked
    } else {
        Legality::Checked
    }
}

/// Reads `--ai-time` (and each part of `lud match --tc`): seconds, whole
/// or not, at most a day.
pub(crate) fn parse_seconds(text: &str) -> Result<std::time::Duration, String> {
    let secs: f64 = text
        .trim()
        .parse()
        .map_err(|_| format!("`{text}` is not a number of seconds (write e.g. 0.5 or 10)"))?;
    if !(0.0..=86_400.0).contains(&secs) {
        return Err(format!("{secs} s is out of range: give 0 to 86400 seconds"));
    }
    Ok(std::time::Duration::from_secs_f64(secs))
}

/// Where a command starts: a position string given on the command line, if
/// any, and how strictly it is read.
pub(crate) struct Start<'a> {
    /// The position string.
    pub(crate) text: Option<&'a str>,
    /// Whether positions no game reaches are refused.
    pub(crate) legality: Legality,
}

impl<'a> Start<'a> {
    fn new(text: Option<&'a str>, allow_illegal: bool) -> Self {
        Start {
            text,
            legality: legality(allow_illegal),
        }
    }
}

/// The start position, or the one given, printing a diagnostic if it cannot be read.
pub(crate) fn start_position(game: &Game, start: &Start<'_>) -> Result<Position, i32> {
    match start.text {
        None => Ok(game.start()),
        Some(t) => game.position_with(t, start.legality).map_err(|e| {
            report(e.as_ref());
            EXIT_INPUT
        }),
    }
}

/// Prints any miette diagnostic to stderr, safely however long its source lines.
pub(crate) fn report(d: &dyn miette::Diagnostic) {
    eout!(
        "{}",
        crate::diagnostics::render_diagnostic(d, style(), width())
    );
}
