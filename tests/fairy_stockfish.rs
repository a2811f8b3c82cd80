//! Cross-checks against the independent peer `fairy-stockfish`
//! (Debian package `fairy-stockfish`, `/usr/games/fairy-stockfish`).
//!
//! Needs fairy-stockfish: each test skips, saying so, where it is absent
//! (`.ci/run` installs it). Positions come from seeded random games and are
//! kept only where both sides keep enough pieces that no bare king can arise
//! within the depth, the one place where the peer's rules differ from
//! RULES.md (see tests/perft/shatranj.perft).
//!
//! Nilakantha's game after its setup differs from Shatranj only in the start
//! position, promotion (NI-7, NI-8), the stalemated king's slaying move
//! (NI-12) and its end rules; its positions are compared with the peer's
//! shatranj where none of those can come into play within the depth.

#[path = "support/common.rs"]
mod common;

use std::io::{BufRead, BufReader, Write};
use std::path::Path;
use std::process::{Child, ChildStdin, ChildStdout, Command, Stdio};

const ENGINE: &str = "/usr/games/fairy-stockfish";

struct Peer {
    child: Child,
    stdin: ChildStdin,
    stdout: BufReader<ChildStdout>,
}

impl Peer {
    fn start(variant: &str) -> Option<Peer> {
        if !Path::new(ENGINE).exists() {
            eprintln!("skipped: {ENGINE} is not installed (apt-get install fairy-stockfish)");
            return None;
        }
        let mut child = Command::new(ENGINE)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .ok()?;
        let stdin = child.stdin.take()?;
        let stdout = BufReader::new(child.stdout.take()?);
        let mut p = Peer {
            child,
            stdin,
            stdout,
        };
        p.send(&format!(
            "uci\nsetoption name UCI_Variant value {variant}\nisready"
        ));
        p.wait_for("readyok");
        Some(p)
    }

    fn send(&mut self, s: &str) {
        writeln!(self.stdin, "{s}").expect("peer reads");
        self.stdin.flush().expect("peer reads");
    }

    fn wait_for(&mut self, prefix: &str) -> String {
        let mut line = String::new();
        loop {
            line.clear();
            let n = self.stdout.read_line(&mut line).expect("peer writes");
            assert!(n > 0, "fairy-stockfish stopped");
            if line.starts_with(prefix) {
                return line.trim().to_string();
            }
        }
    }

    fn perft(&mut self, fen: &str, depth: u32) -> u64 {
        self.send(&format!("position fen {fen}\ngo perft {depth}"));
        let line = self.wait_for("Nodes searched");
        line.rsplit(' ')
            .next()
            .and_then(|n| n.parse().ok())
            .expect("a count")
    }
}

impl Drop for Peer {
    fn drop(&mut self) {
        let _ = writeln!(self.stdin, "quit");
        let _ = self.child.wait();
    }
}

/// Non-royal pieces of each player.
fn army(pos: &lud::Position) -> [usize; 2] {
    let mut n = [0; 2];
    let model = pos.model();
    for sq in 0..model.board.len() {
        if let Some((k, owner)) = pos.piece_at(sq) {
            if !model.pieces[k].royal {
                n[owner] += 1;
            }
        }
    }
    n
}

/// Plays 12 seeded random games of `g` (up to 120 plies each) and compares
/// perft 3 with the peer's in every position `keep` accepts (given the
/// position and its ply). The peer reads plain FEN and starts without
/// history, so the extension fields are left out and the count starts
/// afresh. Returns how many positions were compared.
fn compare_on_random_games(
    peer: &mut Peer,
    g: &lud::Game,
    keep: impl Fn(&lud::Position, u32) -> bool,
) -> usize {
    compare_on_random_games_as(peer, g, keep, str::to_string)
}

/// [`compare_on_random_games`], with each FEN rewritten for the peer by `to_peer`.
fn compare_on_random_games_as(
    peer: &mut Peer,
    g: &lud::Game,
    keep: impl Fn(&lud::Position, u32) -> bool,
    to_peer: impl Fn(&str) -> String,
) -> usize {
    let depth = 3;
    let mut compared = 0;
    for seed in 0..12u64 {
        let mut rng = fastrand::Rng::with_seed(seed);
        let mut pos = g.start();
        for ply in 0..120 {
            let moves = pos.legal_moves();
            if moves.is_empty() {
                break;
            }
            pos.play(moves[rng.usize(..moves.len())]).unwrap();
            if !keep(&pos, ply) {
                continue;
            }
            let full = pos.to_string();
            let fen = full
                .split_whitespace()
                .take(6)
                .collect::<Vec<_>>()
                .join(" ");
            let fresh = g.position(&full).unwrap();
            assert_eq!(
                lud::perft::perft(&fresh, depth),
                peer.perft(&to_peer(&fen), depth),
                "perft {depth} of {full}"
            );
            compared += 1;
        }
    }
    compared
}

#[test]
fn shatranj_perft_matches_fairy_stockfish_on_random_positions() {
    let Some(mut peer) = Peer::start("shatranj") else {
        return;
    };
    let g = common::game("games/shatranj.lud");
    assert_eq!(
        peer.perft(&g.start().to_string(), 4),
        lud::perft::perft(&g.start(), 4)
    );
    let compared = compare_on_random_games(&mut peer, &g, |pos, ply| {
        let a = army(pos);
        ply % 9 == 4 && a[0] > 2 && a[1] > 2 && pos.counter(0) < 100
    });
    assert!(compared >= 30, "only {compared} positions compared");
}

/// Chess: positions from random games, where castling rights, en passant
/// and promotions come and go, compared with the peer's `chess`. Kept where
/// both sides have three pieces besides the king, so no dead position (a
/// draw under chess.lud's end rules, played on by the peer's perft) can
/// arise within the depth.
#[test]
fn chess_perft_matches_fairy_stockfish_on_random_positions() {
    let Some(mut peer) = Peer::start("chess") else {
        return;
    };
    let g = common::game("games/chess.lud");
    let compared = compare_on_random_games(&mut peer, &g, |pos, ply| {
        let a = army(pos);
        ply % 7 == 3 && a[0] > 2 && a[1] > 2 && pos.counter(0) < 90
    });
    assert!(compared >= 30, "only {compared} positions compared");
}

/// Xiangqi: positions from random games compared with the peer's
/// `xiangqi` (whose FEN writes the first player, Red, as `w`), at depth 3,
/// and the start position too.
#[test]
fn xiangqi_perft_matches_fairy_stockfish_on_random_positions() {
    let Some(mut peer) = Peer::start("xiangqi") else {
        return;
    };
    let g = common::game("games/xiangqi.lud");
    let red_as_w = |fen: &str| fen.replacen(" r ", " w ", 1);
    assert_eq!(
        peer.perft(&red_as_w(&g.start().to_string()), 3),
        lud::perft::perft(&g.start(), 3)
    );
    let compared = compare_on_random_games_as(
        &mut peer,
        &g,
        |pos, ply| {
            let a = army(pos);
            ply % 7 == 3 && a[0] > 2 && a[1] > 2
        },
        red_as_w,
    );
    assert!(compared >= 30, "only {compared} positions compared");
}

/// Whether a pawn could reach its last rank within `depth` plies (White's
/// pawns move up the board, Black's down; each side moves every other ply).
fn promotion_near(pos: &lud::Position, pawn: usize, depth: u32) -> bool {
    let model = pos.model();
    let width = model.board.width as usize;
    let height = model.board.height as usize;
    let side = pos.side_to_move();
    (0..model.board.len()).any(|sq| match pos.piece_at(sq) {
        Some((k, owner)) if k == pawn => {
            let rank = sq / width;
            let to_go = if owner == 0 { height - 1 - rank } else { rank };
            let own_moves = if owner == side {
                depth.div_ceil(2)
            } else {
                depth / 2
            };
            to_go as u32 <= own_moves
        }
        _ => false,
    })
}

#[test]
fn nilakantha_perft_after_setup_matches_fairy_stockfish_shatranj() {
    let Some(mut peer) = Peer::start("shatranj") else {
        return;
    };
    let g = common::game("games/nilakantha.lud");
    let pawn = g
        .model()
        .pieces
        .iter()
        .position(|p| p.name == "Pawn")
        .expect("a Pawn");
    // After the two setup moves, with armies too big for isolation and no
    // pawn within reach of promotion.
    let compared = compare_on_random_games(&mut peer, &g, |pos, ply| {
        let a = army(pos);
        ply >= 2 && ply % 7 == 3 && a[0] > 2 && a[1] > 2 && !promotion_near(pos, pawn, 3)
    });
    assert!(compared >= 30, "only {compared} positions compared");
}
