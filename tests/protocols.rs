//! `lud uci` and `lud xboard`: scripted sessions in, replies out (golden
//! transcripts). Each command is sent when the replies to the one before
//! have come (a search's move waited for), as a GUI sends them; the times
//! and speeds of `info` lines, which change from run to run, are written
//! `_`. Bad input is among the commands: junk, an illegal move, a bad
//! position string.

use std::io::{BufRead, BufReader, Write};
use std::process::{Command, Stdio};
use std::sync::mpsc::{channel, Receiver};
use std::time::{Duration, Instant};

macro_rules! snap {
    ($name:expr, $value:expr) => {
        insta::with_settings!({omit_expression => true, prepend_module_to_snapshot => false}, {
            insta::assert_snapshot!($name, $value);
        });
    };
}

/// A running `lud` speaking a protocol.
struct Engine {
    child: std::process::Child,
    stdin: Option<std::process::ChildStdin>,
    lines: Receiver<String>,
    transcript: String,
}

impl Engine {
    fn start(args: &[&str]) -> Engine {
        let mut child = Command::new(env!("CARGO_BIN_EXE_lud"))
            .args(args)
            .current_dir(env!("CARGO_MANIFEST_DIR"))
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .expect("lud starts");
        let stdout = child.stdout.take().unwrap();
        let (tx, rx) = channel();
        std::thread::spawn(move || {
            for line in BufReader::new(stdout).lines() {
                let Ok(line) = line else { break };
                if tx.send(line).is_err() {
                    break;
                }
            }
        });
        Engine {
            stdin: child.stdin.take(),
            child,
            lines: rx,
            transcript: String::new(),
        }
    }

    /// Sends a line.
    fn send(&mut self, line: &str) {
        self.transcript.push_str("> ");
        self.transcript.push_str(line);
        self.transcript.push('\n');
        let stdin = self.stdin.as_mut().unwrap();
        writeln!(stdin, "{line}").unwrap();
        stdin.flush().unwrap();
    }

    /// Reads replies until one starts with `mark` (at most a minute).
    fn until(&mut self, mark: &str) {
        let deadline = Instant::now() + Duration::from_secs(60);
        loop {
            let left = deadline.saturating_duration_since(Instant::now());
            let line = self
                .lines
                .recv_timeout(left)
                .unwrap_or_else(|_| panic!("no `{mark}` came; so far:\n{}", self.transcript));
            let done = line.starts_with(mark);
            self.transcript.push_str(&normalise(&line));
            self.transcript.push('\n');
            if done {
                return;
            }
        }
    }

    /// Sends a line and reads replies until one starts with `mark`.
    fn ask(&mut self, line: &str, mark: &str) {
        self.send(line);
        self.until(mark);
    }

    /// Closes stdin, reads every reply left, and returns the transcript,
    /// stderr and the exit code.
    fn finish(mut self) -> (String, String, i32) {
        drop(self.stdin.take());
        let deadline = Instant::now() + Duration::from_secs(60);
        while let Ok(line) = self
            .lines
            .recv_timeout(deadline.saturating_duration_since(Instant::now()))
        {
            self.transcript.push_str(&normalise(&line));
            self.transcript.push('\n');
        }
        let out = self.child.wait_with_output().unwrap();
        (
            self.transcript,
            String::from_utf8_lossy(&out.stderr).into_owned(),
            out.status.code().unwrap_or(-1),
        )
    }
}

/// An `info` line (UCI) or a thinking line (XBoard) with its nodes, speed
/// and time written `_`.
fn normalise(line: &str) -> String {
    let words: Vec<&str> = line.split(' ').collect();
    if words.first() == Some(&"info") && words.get(1) == Some(&"depth") {
        let mut out = Vec::new();
        let mut blank = false;
        for w in words {
            if blank {
                out.push("_");
                blank = false;
                continue;
            }
            blank = matches!(w, "nodes" | "nps" | "time");
            out.push(w);
        }
        return out.join(" ");
    }
    line.to_string()
}

/// Scholar's mate is on the board: White mates with Qxf7 and nothing else.
const MATE_IN_ONE: &str = "e2e4 e7e5 f1c4 b8c6 d1h5 g8f6";

#[test]
fn uci_session_with_bad_input() {
    let mut e = Engine::start(&["uci", "games/chess.lud"]);
    e.ask("uci", "uciok");
    e.ask("isready", "readyok");
    e.send("ucinewgame");
    e.ask("this is junk", "info string");
    e.ask("setoption name NoSuchThing value 3", "info string");
    e.send(&format!("position startpos moves {MATE_IN_ONE}"));
    e.ask("go depth 2", "bestmove");
    // An illegal move: said, and the position stays after the move before it.
    e.ask("position startpos moves e2e4 e7e5 e1e3 d7d5", "info string");
    e.ask("go perft 1", "Nodes searched");
    // A bad position string: said, and the position stays as it was.
    e.ask(
        "position fen rnbqkbnr/pppppppp/8/8 w KQkq - 0 1",
        "info string",
    );
    e.ask("go perft 1", "Nodes searched");
    // The game is over: no move.
    e.send("position fen rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3");
    e.ask("go depth 3", "bestmove");
    e.send("quit");
    let (out, err, code) = e.finish();
    assert_eq!(code, 0, "{err}");
    assert!(err.is_empty(), "{err}");
    snap!("protocols_uci_session", out);
}

/// A game of `plies` random plies of plain moves (no promotion), one that
/// has not ended, written as UCI writes moves; and the number of legal
/// moves after it.
fn long_game(file: &str, plies: usize, seed: u64) -> Option<(String, usize)> {
    let text = std::fs::read_to_string(file).unwrap();
    let game = lud::compile_str(file, &text).unwrap();
    let mut pos = game.start();
    let mut rng = fastrand::Rng::with_seed(seed);
    let mut moves = Vec::new();
    for _ in 0..plies {
        let plain: Vec<_> = pos
            .legal_moves()
            .into_iter()
            .filter(|m| m.promotion().is_none() && m.from().is_some())
            .collect();
        if plain.is_empty() || pos.outcome().is_some() {
            return None;
        }
        let m = plain[rng.usize(..plain.len())];
        let b = &pos.model().board;
        let name = |sq: usize| b.name(u16::try_from(sq).unwrap());
        moves.push(format!("{}{}", name(m.from()?), name(m.to())));
        pos.play(m).unwrap();
    }
    (pos.outcome().is_none()).then(|| (moves.join(" "), pos.legal_moves().len()))
}

#[test]
fn uci_takes_the_position_of_a_long_game() {
    // 300 plies: a line of over 1,500 bytes, as a match sends late in a
    // long game. Before, such a line was skipped as too long, and the
    // engine answered for the position before it.
    let (moves, legal) = (1..200)
        .find_map(|seed| long_game("games/shatranj.lud", 300, seed))
        .expect("some random game of 300 plies goes on");
    let line = format!("position startpos moves {moves}");
    assert!(line.len() > 1500);
    perft_one_is("games/shatranj.lud", &line, legal);
}

/// `lud uci FILE` takes the `position` line without a word of complaint,
/// and counts `legal` moves there.
fn perft_one_is(file: &str, position: &str, legal: usize) {
    let mut e = Engine::start(&["uci", file]);
    e.ask("uci", "uciok");
    e.send(position);
    e.ask("go perft 1", "Nodes searched");
    e.send("quit");
    let (out, err, code) = e.finish();
    assert_eq!(code, 0, "{err}");
    assert!(!out.contains("info string"), "{out}");
    assert!(out.contains(&format!("Nodes searched: {legal}\n")), "{out}");
}

#[test]
fn uci_reads_the_side_to_move_as_a_gui_writes_it() {
    // In Reversi the first player is Black. A GUI writes the side to move
    // `w` for the first player and `b` for the second, whatever their
    // names: `b` here is White, the second player, to move.
    let text = std::fs::read_to_string("games/reversi.lud").unwrap();
    let game = lud::compile_str("reversi.lud", &text).unwrap();
    // A position with White to move, where Black would have another number
    // of moves (so that reading `b` as Black shows).
    let with_side = |pos: &lud::game::Position, side: &str| {
        let text = pos.to_string();
        let mut fields: Vec<&str> = text.split_whitespace().collect();
        fields[1] = side;
        fields.join(" ")
    };
    let mut pos = game.start();
    let legal = loop {
        let m = pos.legal_moves()[0];
        pos.play(m).unwrap();
        if pos.side_to_move() == 1 {
            let legal = pos.legal_moves().len();
            let black = game
                .position(&with_side(&pos, "1"))
                .map(|p| p.legal_moves().len());
            if black.ok() != Some(legal) {
                break legal;
            }
        }
        assert!(pos.ply() < 30, "no such position found");
    };
    let line = format!("position fen {}", with_side(&pos, "b"));
    perft_one_is("games/reversi.lud", &line, legal);
}

#[test]
fn uci_variants_options_drops_and_turns_in_parts() {
    // A game with rulesets and options: UCI_Variant lists the rulesets.
    let mut e = Engine::start(&["uci", "games/parsi-chess.lud"]);
    e.ask("uci", "uciok");
    e.send("setoption name UCI_Variant value Shastree");
    e.ask("setoption name stalemate value nonsense", "info string");
    e.ask("isready", "readyok");
    e.send("position startpos");
    e.ask("go perft 1", "Nodes searched");
    e.send("quit");
    let (out, err, code) = e.finish();
    assert_eq!(code, 0, "{err}");
    snap!("protocols_uci_parsi", out);

    // Drops: the piece's letter, `@`, the square; the first player's side
    // also as FEN's `w`.
    let mut e = Engine::start(&["uci", "games/connect-four.lud"]);
    e.ask(
        "position fen 7/7/7/7/7/7 w - - 0 1 moves D@d1 D@d2 @d3 d4",
        "info string",
    );
    e.ask("go perft 1", "Nodes searched");
    e.send("quit");
    let (out, err, code) = e.finish();
    assert_eq!(code, 0, "{err}");
    snap!("protocols_uci_drops", out);

    // A turn in two parts, as Fairy-Stockfish writes Amazons: d1d7,d7g7.
    let mut e = Engine::start(&["uci", "games/amazons.lud"]);
    e.ask(
        "position startpos moves d1d7,d7g7 g10g4,g4g10",
        "info string",
    );
    e.ask("position startpos moves d1d7", "info string");
    e.send("position startpos moves d1d7,d7g7 a7b8,b8b6");
    e.ask("go depth 1", "bestmove");
    e.send("quit");
    let (out, err, code) = e.finish();
    assert_eq!(code, 0, "{err}");
    snap!("protocols_uci_amazons", out);
}

/// A game that drops two kinds: the protocol's `R@b2` is lud's own text, and
/// a drop without its letter is refused as not saying which piece.
#[test]
fn uci_drops_of_two_kinds() {
    let mut e = Engine::start(&["uci", "tests/fixtures/drops/two-kinds.lud"]);
    e.ask("uci", "uciok");
    e.send("position startpos moves R@b2 s@c3");
    e.ask("isready", "readyok");
    e.ask("position startpos moves @b2", "info string");
    e.ask("position startpos moves R@b2 R@b2", "info string");
    e.send("position startpos moves R@b2 s@c3");
    e.ask("go perft 1", "Nodes searched");
    e.send("quit");
    let (out, err, code) = e.finish();
    assert_eq!(code, 0, "{err}");
    // The two refusals below, and no other.
    assert_eq!(out.matches("illegal move").count(), 2, "{out}");
    assert!(
        out.contains("illegal move @b2 (move 1): @b2: say which piece is put down, by its letter"),
        "{out}"
    );
    assert!(
        out.contains("illegal move R@b2 (move 2): you cannot put a Rock on b2 now"),
        "{out}"
    );
    // 23 empty squares, a Stone or (one Rock left in hand) a Rock, or a pass.
    assert!(out.contains("R@a1: 1") && out.contains("S@a1: 1"), "{out}");
    assert!(out.contains("Nodes searched: 47"), "{out}");
}

#[test]
fn uci_refuses_a_game_it_cannot_write() {
    let out = Command::new(env!("CARGO_BIN_EXE_lud"))
        .args(["uci", "games/draughts.lud"])
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .stdin(Stdio::null())
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(1));
    assert!(out.stdout.is_empty());
    snap!(
        "protocols_uci_refused",
        String::from_utf8_lossy(&out.stderr).into_owned()
    );
}

#[test]
fn the_game_file_chooses_how_the_computer_searches() {
    // Reversi's file asks for Monte Carlo tree search, Go's for it with
    // RAVE, chess's says nothing.
    for (file, default) in [
        ("games/reversi.lud", "mcts"),
        ("games/go.lud", "rave"),
        ("games/chess.lud", "alphabeta"),
    ] {
        let mut e = Engine::start(&["uci", file]);
        e.ask("uci", "uciok");
        e.send("quit");
        let (out, err, code) = e.finish();
        assert_eq!(code, 0, "{err}");
        let line = format!(
            "option name Player type combo default {default} var alphabeta var mcts var rave"
        );
        assert!(out.lines().any(|l| l == line), "{file}: {out}");
    }
    // A way of searching the language does not know is an error of the file.
    let dir = std::env::temp_dir().join(format!("lud-search-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let bad = dir.join("bad.lud");
    let text = std::fs::read_to_string("games/reversi.lud").unwrap();
    std::fs::write(&bad, text.replace("player:Mcts", "player:Fastest")).unwrap();
    let out = Command::new(env!("CARGO_BIN_EXE_lud"))
        .args(["check", bad.to_str().unwrap()])
        .output()
        .unwrap();
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(1), "{err}");
    assert!(err.contains("Fastest"), "{err}");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn uci_go_infinite_stops_on_stop() {
    let mut e = Engine::start(&["uci", "games/shatranj.lud"]);
    e.send("position startpos");
    let started = Instant::now();
    e.send("go infinite");
    // It thinks until told, and still answers `isready` meanwhile.
    std::thread::sleep(Duration::from_millis(300));
    e.ask("isready", "readyok");
    assert!(
        e.lines
            .try_recv()
            .map_or(true, |l| !l.starts_with("bestmove")),
        "bestmove before stop"
    );
    e.ask("stop", "bestmove");
    assert!(started.elapsed() < Duration::from_secs(30));
    // quit while thinking ends at once too.
    e.send("go infinite");
    e.send("quit");
    let (out, err, code) = e.finish();
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("bestmove "), "{out}");
}

#[test]
fn uci_ends_cleanly_at_the_end_of_input() {
    let mut e = Engine::start(&["uci", "games/shatranj.lud"]);
    e.ask("uci", "uciok");
    e.send("go depth 2");
    let (out, _, code) = e.finish();
    assert_eq!(code, 0);
    assert!(out.contains("bestmove "), "{out}");
}

#[test]
fn a_search_by_depth_alone_ends_in_a_game_played_by_monte_carlo() {
    // Reversi's file asks for Monte Carlo tree search, which has no depth:
    // a search bounded by depth alone is alpha-beta's, and it ends.
    let mut e = Engine::start(&["uci", "games/reversi.lud"]);
    e.ask("uci", "uciok");
    e.send("position startpos");
    e.ask("go depth 2", "bestmove");
    assert!(e.transcript.contains("info depth 2"), "{}", e.transcript);
    e.send("quit");
    assert_eq!(e.finish().2, 0);
    let mut x = Engine::start(&["xboard", "games/reversi.lud"]);
    x.send("xboard");
    x.ask("protover 2", "feature");
    x.send("new");
    x.send("sd 1");
    x.ask("go", "move");
    x.send("quit");
    assert_eq!(x.finish().2, 0);
}

#[test]
fn xboard_session_with_bad_input() {
    let mut e = Engine::start(&["xboard", "games/shatranj.lud"]);
    e.send("xboard");
    e.ask("protover 2", "feature");
    e.send("new");
    e.send("variant shatranj");
    e.send("sd 2");
    e.ask("ping 1", "pong 1");
    e.ask("variant normal", "Error");
    e.ask("junk", "Error");
    e.ask("usermove e2e5", "Illegal move");
    e.ask("usermove e2e3", "move ");
    e.ask("ping 2", "pong 2");
    e.send("force");
    e.ask("setboard 8/8/8 w - - 0 1", "tellusererror");
    // White mates in one: the engine sees it and says the result.
    e.send("setboard 3k4/7p/3K4/8/8/8/8/R7 w - - 0 1");
    e.ask("go", "1-0");
    e.send("result 1-0 {White mates}");
    e.send("undo");
    e.ask("ping 3", "pong 3");
    e.send("quit");
    let (out, err, code) = e.finish();
    assert_eq!(code, 0, "{err}");
    snap!("protocols_xboard_session", out);
}

/// `go` in a game already over answers with the result (a match that asks
/// whether the engine would play on once was left waiting for a move).
#[test]
fn xboard_go_in_a_finished_game_says_the_result() {
    let mut e = Engine::start(&["xboard", "games/connect-four.lud"]);
    e.ask("protover 2", "feature");
    e.send("new");
    e.send("force");
    for m in ["a1", "b1", "a2", "b2", "a3", "b3"] {
        e.send(&format!("usermove D@{m}"));
    }
    e.ask("usermove D@a4", "1-0");
    e.ask("ping 1", "pong 1");
    e.send("sd 1");
    let started = Instant::now();
    e.ask("go", "1-0 {Yellow wins by four in a row}");
    assert!(started.elapsed() < Duration::from_secs(10));
    e.send("quit");
    let (_, err, code) = e.finish();
    assert_eq!(code, 0, "{err}");
}

#[test]
fn xboard_move_now_and_ranks_from_zero() {
    // `?` makes the engine move at once.
    let mut e = Engine::start(&["xboard", "games/shatranj.lud"]);
    e.ask("protover 2", "feature");
    e.send("new");
    e.send("st 1000");
    e.send("go");
    std::thread::sleep(Duration::from_millis(300));
    let started = Instant::now();
    e.ask("?", "move ");
    assert!(started.elapsed() < Duration::from_secs(30));
    e.send("quit");
    let (_, err, code) = e.finish();
    assert_eq!(code, 0, "{err}");

    // XBoard numbers the ten ranks of Xiangqi from 0.
    let mut e = Engine::start(&["xboard", "games/xiangqi.lud"]);
    e.ask("protover 2", "feature");
    e.send("new");
    e.send("sd 1");
    e.ask("usermove h2e2", "move ");
    e.send("quit");
    let (out, err, code) = e.finish();
    assert_eq!(code, 0, "{err}");
    snap!("protocols_xboard_xiangqi", out);
}
