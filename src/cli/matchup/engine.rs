//! External engines for `lud match`, spoken to over UCI or CECP (xboard).
//! Every wait has a bound: an engine that does not answer in time is killed
//! (and started again for its next game), one that stops is reported. An
//! engine's words are never trusted: its moves go back to the caller as
//! text, for lud's rules to read and judge.

use std::io::{BufRead, BufReader, Write};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{self, Receiver, RecvTimeoutError};
use std::time::{Duration, Instant};

/// The protocol an engine speaks.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum Protocol {
    /// The Universal Chess Interface.
    Uci,
    /// The Chess Engine Communication Protocol (xboard, version 2).
    Xboard,
}

/// How long an engine searches each move.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Limit {
    /// To this depth, in plies.
    Depth(u32),
    /// This many nodes.
    Nodes(u64),
    /// This many milliseconds.
    MoveTime(u64),
    /// By the clocks: the milliseconds each side has left (side 0: the
    /// first player, UCI's `wtime`), each side's for the whole game, those
    /// added after each move, and the side to move.
    Clock {
        left: [u64; 2],
        base: u64,
        inc: u64,
        side: usize,
    },
}

impl Limit {
    /// How long to wait for a move before the engine loses on time.
    fn patience(self) -> Duration {
        match self {
            Limit::MoveTime(ms) => Duration::from_millis(ms.saturating_mul(10)) + SLACK,
            // The clock rules; this only stops the wait for an engine that
            // would never answer.
            Limit::Clock { left, side, .. } => Duration::from_millis(left[side & 1]) + SLACK,
            Limit::Depth(_) | Limit::Nodes(_) => Duration::from_secs(60),
        }
    }
}

/// Added to ten times the move time before an engine loses on time.
const SLACK: Duration = Duration::from_secs(5);

/// How long the greetings (`uciok`, `readyok`) may take.
const HELLO: Duration = Duration::from_secs(10);

/// How an engine is started and driven.
#[derive(Clone, Debug)]
pub(super) struct Spec {
    /// The program and its arguments.
    pub(super) argv: Vec<String>,
    /// The protocol.
    pub(super) protocol: Protocol,
    /// Options set after the greeting (`setoption`; under xboard, `variant`
    /// or `UCI_Variant` is the variant, others are sent as `option N=V`).
    pub(super) options: Vec<(String, String)>,
    /// The search limit of each move.
    pub(super) limit: Limit,
    /// Overrides every bound on a wait (for tests of engines that hang).
    pub(super) timeout: Option<Duration>,
}

/// What an engine answered when asked for a move.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(super) enum Answer {
    /// A move, as the engine wrote it.
    Move(String),
    /// No move (`bestmove (none)`, `0000`, or under xboard a result or a
    /// resignation): the engine thinks the game is over.
    NoMove(String),
    /// The engine refused one of the moves it was given (xboard's
    /// `Illegal move`).
    Refused(String),
}

/// Why an engine gave no answer.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(super) enum Failure {
    /// It did not answer within the bound (it was killed).
    Timeout(Duration),
    /// It stopped, or could not be written to or started.
    Crashed(String),
}

impl std::fmt::Display for Failure {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Failure::Timeout(d) => write!(f, "no answer within {:.1} s", d.as_secs_f64()),
            Failure::Crashed(why) => f.write_str(why),
        }
    }
}

/// A running engine process: its input, and its output lines as a reader
/// thread sends them (the channel closes when the engine's output ends).
struct Running {
    child: Child,
    stdin: ChildStdin,
    lines: Receiver<String>,
    /// Whether the engine takes moves as `usermove M` (xboard).
    usermove: bool,
}

/// An external engine, started on demand.
pub(super) struct Engine {
    spec: Spec,
    run: Option<Running>,
    /// The engine's name (`id name` under UCI, `myname` under xboard, else
    /// the program's file name).
    pub(super) name: String,
    /// The last `ping` sent (xboard).
    pings: u32,
}

impl Engine {
    /// Starts the engine and greets it; an error says why it cannot be used.
    pub(super) fn start(spec: Spec) -> Result<Engine, String> {
        let name = spec.argv.first().map_or_else(String::new, |p| {
            std::path::Path::new(p)
                .file_name()
                .map_or_else(|| p.clone(), |f| f.to_string_lossy().into_owned())
        });
        let mut e = Engine {
            spec,
            run: None,
            name,
            pings: 1,
        };
        e.ensure().map_err(|f| f.to_string())?;
        Ok(e)
    }

    /// The bound on a wait of `normal` length.
    fn bound(&self, normal: Duration) -> Duration {
        self.spec.timeout.unwrap_or(normal)
    }

    /// The running process, started (and greeted) if there is none.
    fn ensure(&mut self) -> Result<(), Failure> {
        if self.run.is_some() {
            return Ok(());
        }
        let Some((program, args)) = self.spec.argv.split_first() else {
            return Err(Failure::Crashed("--engine names no program".into()));
        };
        let mut child = Command::new(program)
            .args(args)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .map_err(|e| Failure::Crashed(format!("cannot start `{program}`: {e}")))?;
        let (Some(stdin), Some(stdout)) = (child.stdin.take(), child.stdout.take()) else {
            let _ = child.kill();
            let _ = child.wait();
            return Err(Failure::Crashed(format!("cannot talk to `{program}`")));
        };
        let (tx, rx) = mpsc::channel();
        std::thread::spawn(move || {
            let mut out = BufReader::new(stdout);
            let mut line = String::new();
            loop {
                line.clear();
                match out.read_line(&mut line) {
                    Ok(0) | Err(_) => break,
                    Ok(_) => {
                        if tx.send(line.trim().to_string()).is_err() {
                            break;
                        }
                    }
                }
            }
        });
        self.run = Some(Running {
            child,
            stdin,
            lines: rx,
            usermove: false,
        });
        let greeted = match self.spec.protocol {
            Protocol::Uci => self.greet_uci(),
            Protocol::Xboard => self.greet_xboard(),
        };
        if greeted.is_err() {
            self.kill();
        }
        greeted
    }

    fn greet_uci(&mut self) -> Result<(), Failure> {
        self.send("uci")?;
        let hello = self.bound(HELLO);
        let mut name = None;
        self.wait_for(hello, |l| {
            if let Some(n) = l.strip_prefix("id name ") {
                name = Some(n.trim().to_string());
            }
            l == "uciok"
        })?;
        if let Some(n) = name {
            self.name = n;
        }
        for (k, v) in self.spec.options.clone() {
            self.send(&format!("setoption name {k} value {v}"))?;
        }
        self.ready()
    }

    fn greet_xboard(&mut self) -> Result<(), Failure> {
        self.send("xboard")?;
        self.send("protover 2")?;
        let mut usermove = false;
        let mut name = None;
        // Engines of protocol 1 say nothing: a short wait, then go on.
        let waited = self.wait_for(self.bound(Duration::from_secs(2)), |l| {
            if let Some(features) = l.strip_prefix("feature ") {
                if features.contains("usermove=1") {
                    usermove = true;
                }
                if let Some(i) = features.find("myname=\"") {
                    let rest = &features[i + 8..];
                    name = rest.split('"').next().map(str::to_string);
                }
                return features.contains("done=1");
            }
            false
        });
        match waited {
            Ok(()) | Err(Failure::Timeout(_)) => {}
            Err(e) => return Err(e),
        }
        if let Some(n) = name {
            self.name = n;
        }
        if let Some(r) = &mut self.run {
            r.usermove = usermove;
        }
        for (k, v) in self.spec.options.clone() {
            if !is_variant(&k) {
                self.send(&format!("option {k}={v}"))?;
            }
        }
        self.send("ping 1")?;
        self.wait_for(self.bound(HELLO), |l| l == "pong 1")
    }

    /// `isready`, then waits for `readyok`.
    fn ready(&mut self) -> Result<(), Failure> {
        self.send("isready")?;
        self.wait_for(self.bound(HELLO), |l| l == "readyok")
    }

    /// Tells the engine a new game starts (starting it again if it was
    /// stopped).
    pub(super) fn new_game(&mut self) -> Result<(), Failure> {
        self.ensure()?;
        match self.spec.protocol {
            Protocol::Uci => {
                self.send("ucinewgame")?;
                self.ready()
            }
            Protocol::Xboard => Ok(()),
        }
    }

    /// Asks for a move in the position `fen` (a FEN the engine reads;
    /// `from_start`: the game's own start, sent as such) after `moves`, searching with
    /// `limit` (the spec's if `None`).
    pub(super) fn best_move(
        &mut self,
        fen: &str,
        from_start: bool,
        moves: &[String],
        limit: Option<Limit>,
    ) -> Result<Answer, Failure> {
        self.ensure()?;
        let limit = limit.unwrap_or(self.spec.limit);
        // Whatever the engine said after its last answer is stale.
        if let Some(r) = &self.run {
            while r.lines.try_recv().is_ok() {}
        }
        let patience = self.bound(limit.patience());
        let answer = match self.spec.protocol {
            Protocol::Uci => self.ask_uci(fen, from_start, moves, limit, patience),
            Protocol::Xboard => self.ask_xboard(fen, from_start, moves, limit, patience),
        };
        if answer.is_err() {
            self.kill();
        }
        answer
    }

    fn ask_uci(
        &mut self,
        fen: &str,
        from_start: bool,
        moves: &[String],
        limit: Limit,
        patience: Duration,
    ) -> Result<Answer, Failure> {
        // The game's own start as `startpos`: a FEN says the board, not
        // what lud's position string adds (a phase of opening moves, say).
        let mut position = if from_start {
            "position startpos".to_string()
        } else {
            format!("position fen {fen}")
        };
        if !moves.is_empty() {
            position.push_str(" moves ");
            position.push_str(&moves.join(" "));
        }
        self.send(&position)?;
        self.send(&match limit {
            Limit::Depth(d) => format!("go depth {d}"),
            Limit::Nodes(n) => format!("go nodes {n}"),
            Limit::MoveTime(ms) => format!("go movetime {ms}"),
            Limit::Clock { left, inc, .. } => format!(
                "go wtime {} btime {} winc {inc} binc {inc}",
                left[0], left[1]
            ),
        })?;
        let mut best = String::new();
        self.wait_for(patience, |l| {
            let mut words = l.split_whitespace();
            if words.next() == Some("bestmove") {
                best = words.next().unwrap_or("(none)").to_string();
                true
            } else {
                false
            }
        })?;
        Ok(if best == "(none)" || best == "0000" {
            Answer::NoMove(format!("bestmove {best}"))
        } else {
            Answer::Move(best)
        })
    }

    fn ask_xboard(
        &mut self,
        fen: &str,
        from_start: bool,
        moves: &[String],
        limit: Limit,
        patience: Duration,
    ) -> Result<Answer, Failure> {
        self.send("new")?;
        if let Some((_, v)) = self.spec.options.iter().find(|(k, _)| is_variant(k)) {
            let v = v.clone();
            self.send(&format!("variant {v}"))?;
        }
        self.send("force")?;
        if !from_start {
            self.send(&format!("setboard {fen}"))?;
        }
        let prefix = if self.run.as_ref().is_some_and(|r| r.usermove) {
            "usermove "
        } else {
            ""
        };
        for m in moves {
            self.send(&format!("{prefix}{m}"))?;
        }
        // Every answer to the moves (an `Illegal move`) comes before the pong.
        self.pings += 1;
        let ping = format!("pong {}", self.pings);
        self.send(&format!("ping {}", self.pings))?;
        let mut refused = None;
        self.wait_for(self.bound(HELLO), |l| {
            if l.starts_with("Illegal") || l.starts_with("Error") {
                refused.get_or_insert_with(|| l.to_string());
            }
            l == ping
        })?;
        if let Some(r) = refused {
            return Ok(Answer::Refused(r));
        }
        match limit {
            Limit::Depth(d) => self.send(&format!("sd {d}"))?,
            Limit::MoveTime(ms) => self.send(&format!("st {}", ms.div_ceil(1000).max(1)))?,
            Limit::Nodes(n) => self.send(&format!("nps 1000\nst {}", n.div_ceil(1000).max(1)))?,
            Limit::Clock {
                left,
                base,
                inc,
                side,
            } => {
                let secs = (base / 1000).max(1);
                self.send(&format!(
                    "level 0 {}:{:02} {}",
                    secs / 60,
                    secs % 60,
                    inc as f64 / 1000.0
                ))?;
                self.send(&format!("time {}", left[side & 1] / 10))?;
                self.send(&format!("otim {}", left[(side + 1) & 1] / 10))?;
            }
        }
        self.send("go")?;
        let mut answer = None;
        self.wait_for(patience, |l| {
            let mut words = l.split_whitespace();
            let first = words.next().unwrap_or("");
            answer = if first == "move" {
                Some(Answer::Move(words.next().unwrap_or("").to_string()))
            } else if first.starts_with("Illegal") || first == "Error" {
                Some(Answer::Refused(l.to_string()))
            } else if matches!(first, "1-0" | "0-1" | "1/2-1/2" | "resign") {
                Some(Answer::NoMove(l.to_string()))
            } else {
                None
            };
            answer.is_some()
        })?;
        // Out of play mode, so the next `new` finds it waiting.
        self.send("force")?;
        Ok(answer.unwrap_or_else(|| Answer::NoMove(String::new())))
    }

    /// Writes a line to the engine.
    fn send(&mut self, line: &str) -> Result<(), Failure> {
        let Some(r) = &mut self.run else {
            return Err(Failure::Crashed("the engine is not running".into()));
        };
        let sent = writeln!(r.stdin, "{line}").and_then(|()| r.stdin.flush());
        if sent.is_err() {
            let why = self.stopped();
            return Err(Failure::Crashed(why));
        }
        Ok(())
    }

    /// Reads lines until `done` says one is the awaited one, for at most `bound`.
    fn wait_for(
        &mut self,
        bound: Duration,
        mut done: impl FnMut(&str) -> bool,
    ) -> Result<(), Failure> {
        let deadline = Instant::now() + bound;
        loop {
            let Some(r) = &self.run else {
                return Err(Failure::Crashed("the engine is not running".into()));
            };
            let left = deadline.saturating_duration_since(Instant::now());
            match r.lines.recv_timeout(left) {
                Ok(line) => {
                    if done(&line) {
                        return Ok(());
                    }
                }
                Err(RecvTimeoutError::Timeout) => {
                    self.kill();
                    return Err(Failure::Timeout(bound));
                }
                Err(RecvTimeoutError::Disconnected) => {
                    let why = self.stopped();
                    return Err(Failure::Crashed(why));
                }
            }
        }
    }

    /// The engine's output ended: waits for the process (briefly) and says
    /// how it stopped.
    fn stopped(&mut self) -> String {
        let Some(mut r) = self.run.take() else {
            return "the engine is not running".into();
        };
        drop(r.stdin);
        let deadline = Instant::now() + Duration::from_secs(2);
        let status = loop {
            match r.child.try_wait() {
                Ok(Some(s)) => break Some(s),
                Ok(None) if Instant::now() < deadline => {
                    std::thread::sleep(Duration::from_millis(20));
                }
                _ => {
                    let _ = r.child.kill();
                    break r.child.wait().ok();
                }
            }
        };
        match status {
            Some(s) => format!("the engine stopped ({s})"),
            None => "the engine stopped".into(),
        }
    }

    /// Stops the process, if it runs.
    pub(super) fn kill(&mut self) {
        if let Some(mut r) = self.run.take() {
            let _ = r.child.kill();
            let _ = r.child.wait();
        }
    }

    /// Asks the engine to quit, then makes sure it has.
    pub(super) fn quit(&mut self) {
        if self.run.is_some() {
            let _ = self.send("quit");
            if let Some(r) = &mut self.run {
                let deadline = Instant::now() + Duration::from_millis(500);
                while Instant::now() < deadline {
                    if let Ok(Some(_)) = r.child.try_wait() {
                        break;
                    }
                    std::thread::sleep(Duration::from_millis(10));
                }
            }
        }
        self.kill();
    }
}

impl Drop for Engine {
    fn drop(&mut self) {
        self.kill();
    }
}

/// Whether an option names the variant (sent under xboard as `variant`).
fn is_variant(name: &str) -> bool {
    name.eq_ignore_ascii_case("variant") || name.eq_ignore_ascii_case("UCI_Variant")
}

/// Splits a command line as a POSIX shell would, without expanding
/// anything: words split at blanks, quotes `'...'` and `"..."`, and `\`
/// escapes. An unclosed quote is an error.
pub(super) fn split_command(text: &str) -> Result<Vec<String>, String> {
    let mut words = Vec::new();
    let mut word = String::new();
    let mut in_word = false;
    let mut chars = text.chars();
    while let Some(c) = chars.next() {
        match c {
            '\'' => {
                in_word = true;
                loop {
                    match chars.next() {
                        Some('\'') => break,
                        Some(c) => word.push(c),
                        None => return Err("a quote ' is not closed".into()),
                    }
                }
            }
            '"' => {
                in_word = true;
                loop {
                    match chars.next() {
                        Some('"') => break,
                        Some('\\') => match chars.next() {
                            Some(c @ ('"' | '\\' | '$' | '`')) => word.push(c),
                            Some(c) => {
                                word.push('\\');
                                word.push(c);
                            }
                            None => return Err("a quote \" is not closed".into()),
                        },
                        Some(c) => word.push(c),
                        None => return Err("a quote \" is not closed".into()),
                    }
                }
            }
            '\\' => {
                in_word = true;
                if let Some(c) = chars.next() {
                    word.push(c);
                }
            }
            c if c.is_whitespace() => {
                if in_word {
                    words.push(std::mem::take(&mut word));
                    in_word = false;
                }
            }
            c => {
                in_word = true;
                word.push(c);
            }
        }
    }
    if in_word {
        words.push(word);
    }
    Ok(words)
}

#[cfg(test)]
mod tests {
    use super::split_command;

    #[test]
    fn commands_split_as_a_shell_would() {
        assert_eq!(
            split_command("/usr/bin/x -a 'b c' \"d \\\"e\\\"\" f\\ g").unwrap(),
            ["/usr/bin/x", "-a", "b c", "d \"e\"", "f g"]
        );
        assert_eq!(split_command("  ").unwrap(), Vec::<String>::new());
        assert!(split_command("x 'y").is_err());
    }
}
