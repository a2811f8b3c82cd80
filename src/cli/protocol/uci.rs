//! `lud uci FILE`: the Universal Chess Interface over stdin and stdout.
//!
//! Options: `UCI_Variant` (the game's rulesets, or its one variant name),
//! each of the game's own options, `Threads`, `Player` (`alphabeta`,
//! `mcts` or `rave`; by default the game file's choice), and `Hash` (accepted and
//! ignored: the search sizes its own table, and keeps it from move to move
//! until `ucinewgame`). In `position fen`, the side to move `w` is the
//! first player and `b` the second, as GUIs write them. An option
//! set takes effect at the next `ucinewgame` or `position`. A search runs
//! on a thread of its own; `stop` and `quit` are heard while it thinks (at
//! the end of the input, a search with a limit is let finish). A
//! command not understood is answered `info string unknown command: ...`
//! and nothing else changes; an illegal move in `position ... moves` is
//! said in an `info string`, and the position stays after the last legal
//! one.

use std::collections::VecDeque;
use std::path::PathBuf;
use std::sync::mpsc::{sync_channel, Receiver, SyncSender};
use std::time::Duration;

use super::{
    parse_turn, read_lines, read_position, turn_text, uci_score, unsupported, variant_name,
    Dialect, Event, Thinking,
};
use crate::ai::{self, Settings};
use crate::cli::io::flush_out;
use crate::cli::{ConfigArgs, EXIT_INPUT, EXIT_OK, EXIT_USAGE};
use crate::compile::options::{Config, Value};
use crate::game::{Game, Position};
use crate::moves::Move;

/// The deepest search `go` asks for when no depth is given.
const MAX_DEPTH: u32 = 64;

/// The options of `lud uci`.
pub(in crate::cli) struct Options {
    /// The game file.
    pub(in crate::cli) file: PathBuf,
    /// The ruleset and options to start with.
    pub(in crate::cli) config: ConfigArgs,
    /// The variant name offered for a game of one ruleset, if not its own.
    pub(in crate::cli) variant: Option<String>,
}

/// Runs a UCI session until `quit` or the end of the input.
pub(in crate::cli) fn run(o: &Options) -> i32 {
    let config = match o.config.config() {
        Ok(c) => c,
        Err(e) => {
            eoutln!("error: {e}");
            return EXIT_USAGE;
        }
    };
    let game = match crate::cli::load(&o.file, &o.config) {
        Ok(g) => g,
        Err(code) => return code,
    };
    if let Some(why) = unsupported(&game) {
        eoutln!("error: {} cannot be played over UCI: {why}", game.name());
        return EXIT_INPUT;
    }
    let (tx, rx) = sync_channel(super::QUEUE);
    read_lines(tx.clone());
    let mut uci = Uci {
        path: o.file.clone(),
        variant: o
            .variant
            .clone()
            .unwrap_or_else(|| variant_name(game.model())),
        pos: game.start(),
        method: crate::ai::Method::of_game(game.model()),
        game,
        wanted: config.clone(),
        config,
        threads: 1,
        thinking: None,
        memory: std::sync::Arc::default(),
        hold: false,
        held: None,
        root: None,
        tx,
        rx,
        pending: VecDeque::new(),
    };
    uci.main_loop();
    EXIT_OK
}

/// A UCI session.
struct Uci {
    path: PathBuf,
    /// The variant name offered when the game has one ruleset.
    variant: String,
    game: Game,
    /// The configuration the game was compiled with.
    config: Config,
    /// The configuration `setoption` asked for, for the next game.
    wanted: Config,
    pos: Position,
    threads: usize,
    /// How the computer searches (`Player`).
    method: crate::ai::Method,
    thinking: Option<Thinking>,
    /// What the searches of this game learnt, kept for the next move.
    memory: std::sync::Arc<crate::ai::Memory>,
    /// Whether `bestmove` waits for `stop` (`go infinite`).
    hold: bool,
    /// The turn an infinite search found before `stop`.
    held: Option<Vec<Move>>,
    /// The position being searched.
    root: Option<Position>,
    tx: SyncSender<Event>,
    rx: Receiver<Event>,
    /// Events received while waiting for a search to end.
    pending: VecDeque<Event>,
}

impl Uci {
    fn main_loop(&mut self) {
        loop {
            let event = match self.pending.pop_front() {
                Some(e) => e,
                None => match self.rx.recv() {
                    Ok(e) => e,
                    Err(_) => break,
                },
            };
            match event {
                Event::Line(line) => {
                    if !self.command(&line) {
                        break;
                    }
                }
                Event::Bad(what) => say(&format!("skipped {what}")),
                Event::End => {
                    // A script piped in (`go depth 8`, then the end of
                    // it): a search with a limit is let finish.
                    self.settle();
                    break;
                }
                Event::Done(parts) => self.done(parts),
            }
            flush_out();
        }
        self.halt();
        flush_out();
    }

    /// Handles one line; false for `quit`.
    fn command(&mut self, line: &str) -> bool {
        let words: Vec<&str> = line.split_whitespace().collect();
        let Some(&first) = words.first() else {
            return true;
        };
        match first {
            "uci" => self.identify(),
            "isready" => outln!("readyok"),
            "debug" | "register" | "ponderhit" => {}
            "setoption" => self.set_option(&words[1..]),
            "ucinewgame" => {
                self.settle();
                self.memory.clear();
                self.reconfigure();
                self.pos = self.game.start();
            }
            "position" => {
                self.settle();
                self.reconfigure();
                self.position(&words[1..]);
            }
            "go" => {
                self.settle();
                self.go(&words[1..]);
            }
            "stop" => self.halt(),
            "quit" => return false,
            _ => say(&format!("unknown command: {}", line.trim())),
        }
        true
    }

    /// `uci`: who this is, and the options.
    fn identify(&self) {
        let model = self.game.model();
        outln!(
            "id name lud {} ({})",
            env!("CARGO_PKG_VERSION"),
            self.game.name()
        );
        outln!("id author the lud authors");
        let rulesets = &model.options.rulesets;
        if rulesets.len() > 1 {
            let current = self
                .config
                .ruleset
                .clone()
                .unwrap_or_else(|| rulesets[0].name.clone());
            let vars: Vec<String> = rulesets.iter().map(|r| format!("var {}", r.name)).collect();
            outln!(
                "option name UCI_Variant type combo default {current} {}",
                vars.join(" ")
            );
        } else {
            let name = &self.variant;
            outln!("option name UCI_Variant type combo default {name} var {name}");
        }
        for decl in &model.options.options {
            let current = model
                .assignment
                .get(&decl.name)
                .map_or_else(|| decl.default.to_string(), ToString::to_string);
            outln!("option name {} {}", decl.name, option_type(decl, &current));
        }
        outln!(
            "option name Threads type spin default 1 min 1 max {}",
            crate::perft::max_threads()
        );
        outln!("option name Hash type spin default 16 min 1 max 65536");
        let default = match crate::ai::Method::of_game(self.game.model()) {
            crate::ai::Method::AlphaBeta => "alphabeta",
            crate::ai::Method::Mcts => "mcts",
            crate::ai::Method::Rave => "rave",
        };
        outln!("option name Player type combo default {default} var alphabeta var mcts var rave");
        outln!("uciok");
    }

    /// `setoption name NAME [value VALUE]`.
    fn set_option(&mut self, words: &[&str]) {
        let text = words.join(" ");
        let Some(rest) = text.strip_prefix("name ") else {
            say("setoption takes: setoption name NAME value VALUE");
            return;
        };
        let (name, value) = match rest.split_once(" value ") {
            Some((n, v)) => (n.trim(), v.trim()),
            None => (rest.trim(), ""),
        };
        let model = self.game.model();
        if name.eq_ignore_ascii_case("UCI_Variant") {
            let rulesets = &model.options.rulesets;
            if let Some(r) = rulesets.iter().find(|r| r.name.eq_ignore_ascii_case(value)) {
                if rulesets.len() > 1 {
                    self.wanted.ruleset = Some(r.name.clone());
                }
            } else if !value.eq_ignore_ascii_case(&self.variant) {
                say(&format!("unknown variant: {value}"));
            }
        } else if name.eq_ignore_ascii_case("Threads") {
            match value.parse::<usize>() {
                Ok(n) if (1..=crate::perft::max_threads()).contains(&n) => self.threads = n,
                _ => say(&format!(
                    "Threads takes 1 to {}, not {value}",
                    crate::perft::max_threads()
                )),
            }
        } else if name.eq_ignore_ascii_case("Player") {
            match value.to_ascii_lowercase().as_str() {
                "alphabeta" => self.method = crate::ai::Method::AlphaBeta,
                "mcts" => self.method = crate::ai::Method::Mcts,
                "rave" => self.method = crate::ai::Method::Rave,
                _ => say(&format!(
                    "Player takes alphabeta, mcts or rave, not {value}"
                )),
            }
        } else if name.eq_ignore_ascii_case("Hash") {
            // Accepted and ignored: the search sizes its table itself (16 MB
            // for a search without a node budget).
        } else if let Some(decl) = model
            .options
            .options
            .iter()
            .find(|d| d.name.eq_ignore_ascii_case(name))
        {
            let value = match value {
                "true" => "True",
                "false" => "False",
                v => v,
            };
            if decl.values.iter().any(|v| v.to_string() == value) {
                let key = decl.name.clone();
                self.wanted.options.retain(|(k, _)| *k != key);
                self.wanted.options.push((key, value.to_string()));
            } else {
                let values: Vec<String> = decl.values.iter().map(ToString::to_string).collect();
                say(&format!(
                    "option {} takes {}, not {value}",
                    decl.name,
                    values.join(", ")
                ));
            }
        } else {
            say(&format!("unknown option: {name}"));
        }
    }

    /// Compiles the game again if `setoption` changed its configuration.
    fn reconfigure(&mut self) {
        if self.wanted == self.config {
            return;
        }
        match super::compile(&self.path, &self.wanted) {
            Ok(game) => {
                if let Some(why) = unsupported(&game) {
                    say(&format!("cannot play under these options: {why}"));
                    self.wanted = self.config.clone();
                    return;
                }
                self.pos = game.start();
                self.game = game;
                self.config = self.wanted.clone();
            }
            Err(e) => {
                say(&format!("cannot play under these options: {e}"));
                self.wanted = self.config.clone();
            }
        }
    }

    /// `position (startpos | fen FIELDS...) [moves M...]`.
    fn position(&mut self, words: &[&str]) {
        let split = words.iter().position(|w| *w == "moves");
        let (setup, moves) = match split {
            Some(i) => (&words[..i], &words[i + 1..]),
            None => (words, &[][..]),
        };
        let start = match setup.first() {
            Some(&"startpos") if setup.len() == 1 => self.game.start(),
            Some(&"fen") if setup.len() > 1 => {
                match read_position(&self.game, &setup[1..].join(" ")) {
                    Ok(p) => p,
                    Err(e) => {
                        say(&format!("position refused, it stays as it was: {e}"));
                        return;
                    }
                }
            }
            _ => {
                say(
                    "position takes: position startpos [moves ...] or position fen FEN [moves ...]",
                );
                return;
            }
        };
        let mut pos = start;
        for (i, text) in moves.iter().enumerate() {
            match parse_turn(&pos, text, Dialect::Uci, false) {
                Ok(parts) => {
                    for m in parts {
                        pos.play_unchecked(m);
                    }
                }
                Err(why) => {
                    let after = if i == 0 {
                        "the position stays at the start".to_string()
                    } else {
                        format!("the position stays after {}", moves[i - 1])
                    };
                    say(&format!(
                        "illegal move {text} (move {}): {why}; {after}",
                        i + 1
                    ));
                    break;
                }
            }
        }
        self.pos = pos;
    }

    /// `go ...`: a search on its own thread, or `go perft N`.
    fn go(&mut self, words: &[&str]) {
        let mut settings = Settings {
            max_depth: MAX_DEPTH,
            max_nodes: u64::MAX,
            max_time: None,
            threads: self.threads,
            method: self.method,
        };
        let side = self.pos.side_to_move();
        let (mut time, mut inc, mut to_go) = ([None, None], [Duration::ZERO; 2], None);
        let mut limited = false;
        let mut infinite = false;
        let mut depth_asked = false;
        let mut it = words.iter();
        while let Some(&w) = it.next() {
            // A number too large for an i64 is as large as one can be.
            let mut number = || {
                it.next().and_then(|v| {
                    v.parse::<i64>().ok().or_else(|| {
                        (!v.is_empty() && v.bytes().all(|b| b.is_ascii_digit())).then_some(i64::MAX)
                    })
                })
            };
            match w {
                "perft" => {
                    self.perft(number());
                    return;
                }
                "infinite" => infinite = true,
                "ponder" => {}
                "depth" | "nodes" | "movetime" | "wtime" | "btime" | "winc" | "binc"
                | "movestogo" | "mate" => {
                    // A limit that is not a number is left out (said so):
                    // the search goes on by the others.
                    let Some(n) = number() else {
                        say(&format!("go {w} takes a number: left out"));
                        continue;
                    };
                    let u = u64::try_from(n.max(0)).unwrap_or(0);
                    let ms = Duration::from_millis(u);
                    match w {
                        "depth" => {
                            depth_asked = true;
                            settings.max_depth =
                                u32::try_from(u).unwrap_or(MAX_DEPTH).clamp(1, MAX_DEPTH);
                        }
                        "mate" => {
                            depth_asked = true;
                            settings.max_depth = u32::try_from(u.saturating_mul(2))
                                .unwrap_or(MAX_DEPTH)
                                .clamp(1, MAX_DEPTH);
                        }
                        "nodes" => settings.max_nodes = u.max(1),
                        "movetime" => settings.max_time = Some(ms.max(Duration::from_millis(1))),
                        "wtime" => time[0] = Some(ms),
                        "btime" => time[1] = Some(ms),
                        "winc" => inc[0] = ms,
                        "binc" => inc[1] = ms,
                        _ => to_go = u32::try_from(u).ok(),
                    }
                    limited = true;
                }
                _ => {
                    say(&format!("go: unknown word {w}"));
                }
            }
        }
        if let Some(left) = time[side.min(1)] {
            if settings.max_time.is_none() {
                settings.max_time = Some(ai::time_for_move(left, inc[side.min(1)], to_go));
            }
        }
        if depth_asked && !infinite {
            settings = settings.by_depth_alone();
        }
        self.hold = infinite || !limited;
        self.held = None;
        if let Some(o) = self.pos.outcome() {
            say(&format!(
                "the game is over: {}",
                crate::draw::outcome_text(self.pos.model(), &o)
            ));
            outln!("bestmove (none)");
            return;
        }
        if self.pos.legal_moves().is_empty() {
            outln!("bestmove (none)");
            return;
        }
        let report: super::Reporter = Box::new(|root: &Position, p: &ai::Progress| {
            let ms = p.elapsed.as_millis().max(1);
            let nps = u128::from(p.nodes) * 1000 / ms;
            let pv = super::pv_texts(root, &p.pv, Dialect::Uci);
            // A line that does not finish a turn (the first part of one,
            // at depth 1) is not shown.
            let pv = if pv.is_empty() {
                String::new()
            } else {
                format!(" pv {}", pv.join(" "))
            };
            outln!(
                "info depth {} score {} nodes {} nps {nps} time {}{pv}",
                p.depth,
                uci_score(p.score),
                p.nodes,
                p.elapsed.as_millis(),
            );
            flush_out();
        });
        self.root = Some(self.pos.clone());
        self.thinking = Some(Thinking::start(
            &self.pos,
            settings,
            std::sync::Arc::clone(&self.memory),
            report,
            self.tx.clone(),
        ));
    }

    /// `go perft N`: the count below each move, and in all.
    fn perft(&self, depth: Option<i64>) {
        let depth = depth
            .and_then(|d| u32::try_from(d).ok())
            .unwrap_or(1)
            .clamp(1, 8);
        let total = if self.pos.has_parts() {
            // Turns in parts: counted as whole turns, the total only.
            say("the turns of this game have parts: only the total is given");
            crate::perft::perft(&self.pos, depth)
        } else {
            let mut total = 0u64;
            for m in self.pos.legal_moves() {
                let mut child = self.pos.clone();
                child.play_unchecked(m);
                let n = crate::perft::perft(&child, depth - 1);
                total += n;
                outln!("{}: {n}", turn_text(&self.pos, &[m], Dialect::Uci));
            }
            total
        };
        outln!();
        outln!("Nodes searched: {total}");
    }

    /// A search is over: `bestmove`, unless `go infinite` waits for `stop`.
    fn done(&mut self, parts: Vec<Move>) {
        if self.hold {
            self.held = Some(parts);
            return;
        }
        self.best(&parts);
    }

    /// Writes `bestmove` and lets the search's thread go.
    fn best(&mut self, parts: &[Move]) {
        if let Some(t) = self.thinking.take() {
            t.join();
        }
        let root = self.root.take().unwrap_or_else(|| self.pos.clone());
        if parts.is_empty() {
            outln!("bestmove (none)");
        } else {
            outln!("bestmove {}", turn_text(&root, parts, Dialect::Uci));
        }
        flush_out();
    }

    /// Before a command that changes the position: a search with a limit
    /// is let finish (so that a script may send `go depth 5` and the next
    /// `position` at once), an infinite one is stopped.
    fn settle(&mut self) {
        if self.hold {
            self.halt();
        } else {
            self.wait();
        }
    }

    /// Stops a search, if one runs, and writes its `bestmove`.
    fn halt(&mut self) {
        let Some(t) = &self.thinking else {
            return;
        };
        t.stop();
        self.hold = false;
        self.wait();
    }

    /// Waits for a search, if one runs, to end, and writes its `bestmove`.
    fn wait(&mut self) {
        if self.thinking.is_none() {
            return;
        }
        if let Some(parts) = self.held.take() {
            self.best(&parts);
            return;
        }
        let Some(t) = &self.thinking else {
            return;
        };
        let (turn, skipped) = super::wait_for_turn(&self.rx, t, &mut self.pending, &[]);
        if skipped > 0 {
            say(&format!(
                "skipped {skipped} lines sent while the search was waited for"
            ));
        }
        if let Some(parts) = turn {
            self.best(&parts);
        }
    }
}

/// The UCI type of one of the game's options: a check for `True`/`False`,
/// a spin for a run of whole numbers, else a combo.
fn option_type(decl: &crate::compile::options::OptionDecl, current: &str) -> String {
    let texts: Vec<String> = decl.values.iter().map(ToString::to_string).collect();
    let mut sorted = texts.clone();
    sorted.sort();
    if sorted == ["False", "True"] {
        return format!("type check default {}", current.to_lowercase());
    }
    let ints: Vec<i64> = decl
        .values
        .iter()
        .filter_map(|v| match v {
            Value::Int(i) => Some(*i),
            Value::Str(_) => None,
        })
        .collect();
    if ints.len() == decl.values.len() && ints.len() > 2 {
        let (lo, hi) = (ints.iter().min(), ints.iter().max());
        if let (Some(&lo), Some(&hi)) = (lo, hi) {
            if usize::try_from(hi - lo).ok() == Some(ints.len() - 1) {
                return format!("type spin default {current} min {lo} max {hi}");
            }
        }
    }
    let vars: Vec<String> = texts.iter().map(|t| format!("var {t}")).collect();
    format!("type combo default {current} {}", vars.join(" "))
}

/// `info string TEXT`.
fn say(text: &str) {
    outln!("info string {text}");
}
