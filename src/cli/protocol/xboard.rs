//! `lud xboard FILE`: the Chess Engine Communication Protocol, version 2,
//! as XBoard and WinBoard speak it.
//!
//! The engine announces one variant, the game's name in small letters with
//! spaces as `-` (`--variant` names another, such as `normal`, XBoard's name
//! for chess). It plays the side `new`, `go` and `playother` give it, thinks
//! on a thread of its own (`?` makes it move at once), and answers an
//! illegal move `Illegal move (reason): MOVE`. When a move ends the game it
//! says so: `1-0 {White wins by checkmate}`.

use std::collections::VecDeque;
use std::path::PathBuf;
use std::sync::mpsc::{sync_channel, Receiver, SyncSender};
use std::time::Duration;

use super::{
    parse_turn, read_lines, read_position, turn_text, unsupported, variant_name, Dialect, Event,
    Thinking,
};
use crate::ai::{self, Settings};
use crate::cli::io::flush_out;
use crate::cli::{ConfigArgs, EXIT_INPUT, EXIT_OK};
use crate::game::{Game, Position};
use crate::moves::Move;

/// The deepest search when no depth is set.
const MAX_DEPTH: u32 = 64;

/// What the engine thinks per move when no time control was given.
const DEFAULT_TIME: Duration = Duration::from_secs(2);

/// The options of `lud xboard`.
pub(in crate::cli) struct Options {
    /// The game file.
    pub(in crate::cli) file: PathBuf,
    /// The ruleset and options.
    pub(in crate::cli) config: ConfigArgs,
    /// The variant name to announce, if not the game's own.
    pub(in crate::cli) variant: Option<String>,
}

/// Runs an XBoard session until `quit` or the end of the input.
pub(in crate::cli) fn run(o: &Options) -> i32 {
    let game = match crate::cli::load(&o.file, &o.config) {
        Ok(g) => g,
        Err(code) => return code,
    };
    if let Some(why) = unsupported(&game) {
        eoutln!("error: {} cannot be played over XBoard: {why}", game.name());
        return EXIT_INPUT;
    }
    let variant = o
        .variant
        .clone()
        .unwrap_or_else(|| variant_name(game.model()));
    let (tx, rx) = sync_channel(super::QUEUE);
    read_lines(tx.clone());
    let mut xb = Xboard {
        pos: game.start(),
        game,
        variant,
        history: Vec::new(),
        engine: Some(1),
        post: false,
        depth: None,
        per_move: None,
        level: None,
        clock: None,
        threads: 1,
        thinking: None,
        memory: std::sync::Arc::default(),
        root: None,
        discard: false,
        tx,
        rx,
        pending: VecDeque::new(),
    };
    xb.main_loop();
    EXIT_OK
}

/// An XBoard session.
struct Xboard {
    game: Game,
    variant: String,
    pos: Position,
    /// The position before each turn played, for `undo`.
    history: Vec<Position>,
    /// The side the engine plays (`None`: force mode, it plays neither).
    engine: Option<usize>,
    /// Whether thinking output is sent.
    post: bool,
    /// `sd`: the deepest search.
    depth: Option<u32>,
    /// `st`: the time per move.
    per_move: Option<Duration>,
    /// `level`: moves per session (0: all), base time, increment.
    level: Option<(u32, Duration, Duration)>,
    /// `time`: the engine's clock.
    clock: Option<Duration>,
    /// `cores`: threads to search on.
    threads: usize,
    thinking: Option<Thinking>,
    /// What the searches of this game learnt, kept for the next move.
    memory: std::sync::Arc<crate::ai::Memory>,
    /// The position being searched.
    root: Option<Position>,
    /// Whether the running search's move is to be thrown away.
    discard: bool,
    tx: SyncSender<Event>,
    rx: Receiver<Event>,
    /// Events received while waiting for a search to end.
    pending: VecDeque<Event>,
}

impl Xboard {
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
                Event::Bad(what) => outln!("Error (skipped {what}): ?"),
                Event::End => break,
                Event::Done(parts) => self.done(&parts),
            }
            flush_out();
        }
        self.abort();
        flush_out();
    }

    /// Handles one line; false for `quit`.
    fn command(&mut self, line: &str) -> bool {
        let line = line.trim();
        let (word, rest) = match line.split_once(char::is_whitespace) {
            Some((w, r)) => (w, r.trim()),
            None => (line, ""),
        };
        match word {
            "" | "xboard" | "accepted" | "rejected" | "random" | "hard" | "easy" | "computer"
            | "name" | "rating" | "ics" | "draw" | "hint" | "bk" | "white" | "black" | "."
            | "memory" | "egtpath" | "option" => {}
            "protover" => self.features(),
            "post" => self.post = true,
            "nopost" => self.post = false,
            "new" => {
                self.abort();
                self.memory.clear();
                self.pos = self.game.start();
                self.history.clear();
                self.engine = Some(1);
                self.depth = None;
                self.clock = None;
            }
            "variant" => {
                if !rest.eq_ignore_ascii_case(&self.variant) {
                    outln!("Error (unsupported variant): {rest}");
                }
            }
            "quit" => return false,
            "force" | "result" => {
                self.abort();
                self.engine = None;
            }
            "go" => {
                self.wait();
                self.engine = Some(self.pos.side_to_move());
                // A game already over: the result again, so that whoever
                // asked is not left waiting for a move.
                if let Some(o) = self.pos.outcome() {
                    outln!(
                        "{} {{{}}}",
                        o.score(),
                        crate::draw::outcome_text(self.pos.model(), &o)
                    );
                }
                self.think_if_engine();
            }
            "playother" => {
                self.wait();
                self.engine = Some(1 - self.pos.side_to_move().min(1));
            }
            "level" => self.set_level(rest),
            "st" => match rest.parse::<f64>() {
                Ok(s) if s > 0.0 && s < 1e6 => self.per_move = Some(Duration::from_secs_f64(s)),
                _ => outln!("Error (st takes seconds): {line}"),
            },
            "sd" => match rest.parse::<u32>() {
                Ok(d) if d > 0 => self.depth = Some(d.min(MAX_DEPTH)),
                _ => outln!("Error (sd takes a depth): {line}"),
            },
            "time" => match rest.parse::<u64>() {
                Ok(cs) => self.clock = Some(Duration::from_millis(cs.saturating_mul(10))),
                Err(_) => outln!("Error (time takes centiseconds): {line}"),
            },
            "otim" => {}
            "cores" => {
                if let Ok(n) = rest.parse::<usize>() {
                    self.threads = n.clamp(1, crate::perft::max_threads());
                }
            }
            "ping" => {
                // Answered after the move being thought about, if any.
                self.wait();
                outln!("pong {rest}");
            }
            "?" => {
                if let Some(t) = &self.thinking {
                    t.stop();
                }
            }
            "setboard" => {
                self.abort();
                match read_position(&self.game, rest) {
                    Ok(p) => {
                        self.pos = p;
                        self.history.clear();
                    }
                    Err(e) => outln!("tellusererror Illegal position: {e}"),
                }
            }
            "undo" => {
                self.abort();
                self.take_back(1);
            }
            "remove" => {
                self.abort();
                self.take_back(2);
            }
            "usermove" => {
                self.wait();
                self.user_move(rest);
            }
            _ => {
                self.wait();
                if rest.is_empty() && parse_turn(&self.pos, word, Dialect::Xboard, true).is_ok() {
                    self.user_move(word);
                } else {
                    outln!("Error (unknown command): {line}");
                }
            }
        }
        true
    }

    /// `protover 2`: the features.
    fn features(&self) {
        outln!(
            "feature myname=\"lud {} ({})\" variants=\"{}\" setboard=1 usermove=1 ping=1 sigint=0 sigterm=0 colors=0 reuse=1 analyze=0 draw=0 san=0 time=1 done=1",
            env!("CARGO_PKG_VERSION"),
            self.game.name(),
            self.variant
        );
    }

    /// `level MPS BASE INC`: BASE in minutes or `minutes:seconds`.
    fn set_level(&mut self, rest: &str) {
        let parts: Vec<&str> = rest.split_whitespace().collect();
        let [mps, base, inc] = parts[..] else {
            outln!("Error (level takes MPS BASE INC): level {rest}");
            return;
        };
        let base_secs = match base.split_once(':') {
            Some((m, s)) => m
                .parse::<f64>()
                .ok()
                .zip(s.parse::<f64>().ok())
                .map(|(m, s)| m * 60.0 + s),
            None => base.parse::<f64>().ok().map(|m| m * 60.0),
        };
        match (mps.parse::<u32>(), base_secs, inc.parse::<f64>()) {
            (Ok(mps), Some(b), Ok(i)) if (0.0..1e7).contains(&b) && (0.0..1e6).contains(&i) => {
                self.level = Some((mps, Duration::from_secs_f64(b), Duration::from_secs_f64(i)));
                self.per_move = None;
            }
            _ => outln!("Error (level takes MPS BASE INC): level {rest}"),
        }
    }

    /// A move of the opponent's.
    fn user_move(&mut self, text: &str) {
        match parse_turn(&self.pos, text, Dialect::Xboard, true) {
            Ok(parts) => {
                self.play(&parts);
                self.think_if_engine();
            }
            Err(why) => outln!("Illegal move ({}): {text}", why.replace(['(', ')'], "")),
        }
    }

    /// Plays a turn; says the result if it ends the game.
    fn play(&mut self, parts: &[Move]) {
        self.history.push(self.pos.clone());
        for &m in parts {
            self.pos.play_unchecked(m);
        }
        if let Some(o) = self.pos.outcome() {
            outln!(
                "{} {{{}}}",
                o.score(),
                crate::draw::outcome_text(self.pos.model(), &o)
            );
        }
    }

    /// Takes back `n` turns.
    fn take_back(&mut self, n: usize) {
        for _ in 0..n {
            match self.history.pop() {
                Some(p) => self.pos = p,
                None => {
                    outln!("Error (no move to take back): undo");
                    return;
                }
            }
        }
    }

    /// Starts thinking if it is the engine's turn.
    fn think_if_engine(&mut self) {
        if self.engine != Some(self.pos.side_to_move()) || self.thinking.is_some() {
            return;
        }
        if self.pos.outcome().is_some() || self.pos.legal_moves().is_empty() {
            return;
        }
        let mut settings = Settings {
            max_depth: self.depth.unwrap_or(MAX_DEPTH),
            max_nodes: u64::MAX,
            max_time: None,
            threads: self.threads,
            method: crate::ai::Method::of_game(self.game.model()),
        };
        let margin = Duration::from_millis(50);
        if let Some(st) = self.per_move {
            settings.max_time = Some(st.saturating_sub(margin).max(Duration::from_millis(10)));
        } else if let Some((mps, base, inc)) = self.level {
            let left = self.clock.unwrap_or(base);
            let played = u32::try_from(self.history.len() / 2).unwrap_or(0);
            let to_go = (mps > 0).then(|| mps - played % mps);
            settings.max_time = Some(ai::time_for_move(left, inc, to_go));
        } else if self.depth.is_none() {
            settings.max_time = Some(DEFAULT_TIME);
        } else {
            settings = settings.by_depth_alone();
        }
        let post = self.post;
        let report: super::Reporter = Box::new(move |root: &Position, p: &ai::Progress| {
            if !post {
                return;
            }
            let score = match p.score {
                ai::Score::Balance(v) => i64::from(v),
                ai::Score::WinIn(n) => 100_000 + i64::from(n.div_ceil(2)),
                ai::Score::LossIn(n) => -100_000 - i64::from(n.div_ceil(2)),
            };
            let pv = super::pv_texts(root, &p.pv, Dialect::Xboard);
            outln!(
                "{} {score} {} {} {}",
                p.depth,
                p.elapsed.as_millis() / 10,
                p.nodes,
                pv.join(" ")
            );
            flush_out();
        });
        self.discard = false;
        self.root = Some(self.pos.clone());
        self.thinking = Some(Thinking::start(
            &self.pos,
            settings,
            std::sync::Arc::clone(&self.memory),
            report,
            self.tx.clone(),
        ));
    }

    /// A search is over: its move is played and sent, unless thrown away.
    fn done(&mut self, parts: &[Move]) {
        if let Some(t) = self.thinking.take() {
            t.join();
        }
        let root = self.root.take();
        if self.discard || parts.is_empty() {
            self.discard = false;
            return;
        }
        let Some(root) = root else {
            return;
        };
        outln!("move {}", turn_text(&root, parts, Dialect::Xboard));
        self.play(parts);
    }

    /// Waits for a search, if one runs, to end (its move is played).
    fn wait(&mut self) {
        if self.thinking.is_none() {
            return;
        }
        let Some(t) = &self.thinking else {
            return;
        };
        // `?` is "move now": the search stops, and its move is played.
        let (turn, skipped) = super::wait_for_turn(&self.rx, t, &mut self.pending, &["?"]);
        if skipped > 0 {
            outln!("Error (skipped {skipped} lines sent while the move was waited for): ?");
        }
        if let Some(parts) = turn {
            self.done(&parts);
        }
    }

    /// Stops a search, if one runs, and throws its move away.
    fn abort(&mut self) {
        if let Some(t) = &self.thinking {
            t.stop();
            self.discard = true;
            self.wait();
        }
    }
}
