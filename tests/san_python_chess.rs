//! SAN and PGN cross-checked against an independent implementation: the
//! Python library `chess` (python-chess, the package `chess` on `PyPI`). Seeded random
//! games of `games/chess.lud` are exported as PGN (`Record::to_pgn`); the
//! peer reads them, strictly (an illegal or ambiguous SAN is an error), and
//! writes its own SAN for the same moves and the final FEN, which must be
//! ours.
//!
//! Needs `python3` with `chess` installed (`pip install chess`); the test
//! skips, saying so, where it is absent.

#[path = "support/common.rs"]
mod common;

use std::process::Command;

use common::random_record;
use lud::record::Record;

const PEER: &str = r#"
import sys, chess.pgn, io
games = sys.stdin.read().split("\n\n[Event")
for i, text in enumerate(games):
    if i:
        text = "[Event" + text
    g = chess.pgn.read_game(io.StringIO(text))
    if g.errors:
        print("ERROR", g.errors)
        continue
    moves = list(g.mainline_moves())
    print(g.board().variation_san(moves).replace("...", "... "))
    print(g.end().board().fen())
"#;

fn peer_available() -> bool {
    Command::new("python3")
        .args(["-c", "import chess.pgn"])
        .output()
        .is_ok_and(|o| o.status.success())
}

#[test]
fn python_chess_reads_our_pgn_and_writes_the_same_san() {
    if !peer_available() {
        eprintln!("skipped: python3 with the `chess` package is not installed (pip install chess)");
        return;
    }
    let g = common::game("games/chess.lud");
    let mut pgns = Vec::new();
    let mut want = Vec::new();
    for seed in 0..40 {
        let (pos, mut rec) = random_record(&g, seed, 200);
        if pos.outcome().is_none() {
            rec.set_tag("Result", "*");
        }
        let pgn = rec.to_pgn(&g).unwrap();
        let moves = pgn.split("\n\n").nth(1).unwrap();
        let mut tokens: Vec<&str> = moves.split_whitespace().collect();
        tokens.pop(); // the result
        want.push((tokens.join(" "), pos.to_string()));
        pgns.push(pgn);
    }
    // And a game with the long castling and a mate.
    let path = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/tests/fixtures/records/opera.pgn"
    );
    let opera = Record::parse(&std::fs::read_to_string(path).unwrap()).unwrap();
    let pgn = opera.to_pgn(&g).unwrap();
    let moves = pgn.split("\n\n").nth(1).unwrap();
    let mut tokens: Vec<&str> = moves.split_whitespace().collect();
    tokens.pop();
    want.push((tokens.join(" "), opera.replay(&g).unwrap().to_string()));
    pgns.push(pgn);
    let all: String = want
        .iter()
        .map(|(s, _)| s.as_str())
        .collect::<Vec<_>>()
        .join(" ");
    for mark in ["x", "+", "#", "=Q", "=N", "O-O ", "O-O-O"] {
        assert!(all.contains(mark), "the games have a move with {mark}");
    }
    let mut child = Command::new("python3")
        .args(["-c", PEER])
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    {
        use std::io::Write;
        let mut stdin = child.stdin.take().unwrap();
        stdin.write_all(pgns.join("\n").as_bytes()).unwrap();
    }
    let out = child.wait_with_output().unwrap();
    let text = String::from_utf8(out.stdout).unwrap();
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines.len(), 2 * want.len(), "{text}");
    for (i, (san, fen)) in want.iter().enumerate() {
        assert_eq!(lines[2 * i], san, "game {i}");
        // The peer's FEN has no fields beyond FEN's six; ours has none here.
        assert_eq!(lines[2 * i + 1], fen, "game {i}");
    }
}
