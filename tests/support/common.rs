//! Helpers the test files share: loading a shipped game under a ruleset and
//! options, positions, moves as text. Each test file uses part of them.
#![allow(dead_code)]

use std::path::Path;

use lud::compile::options::Config;
use lud::notation::{move_text, parse_move};
use lud::record::Record;
use lud::{Game, Position};

/// A game file (relative to the crate root) under a ruleset and options.
pub(crate) fn game_with(file: &str, ruleset: Option<&str>, options: &[(&str, &str)]) -> Game {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join(file);
    let src = lud::compile::read_source(&path).unwrap_or_else(|e| panic!("{file}: {e}"));
    let config = Config {
        ruleset: ruleset.map(str::to_string),
        options: options
            .iter()
            .map(|(k, v)| ((*k).to_string(), (*v).to_string()))
            .collect(),
    };
    lud::build::compile_with(&src, &config).unwrap_or_else(|e| panic!("{file}: {e:?}"))
}

/// A game file with its defaults.
pub(crate) fn game(file: &str) -> Game {
    game_with(file, None, &[])
}

/// A position of `g`, which must be valid.
pub(crate) fn pos(g: &Game, fen: &str) -> Position {
    g.position(fen)
        .unwrap_or_else(|e| panic!("{fen}: {}", e.message))
}

/// The legal moves as text, sorted.
pub(crate) fn legal(p: &Position) -> Vec<String> {
    let mut v: Vec<String> = p
        .legal_moves()
        .into_iter()
        .map(|m| move_text(p, m))
        .collect();
    v.sort();
    v
}

/// The legal moves from one square, as text, sorted.
pub(crate) fn moves_from(p: &Position, square: &str) -> Vec<String> {
    legal(p)
        .into_iter()
        .filter(|t| t.starts_with(square))
        .collect()
}

/// Plays a move written as text; it must be legal.
pub(crate) fn play(p: &mut Position, text: &str) {
    let m = parse_move(p, text).unwrap_or_else(|e| panic!("{text}: {} ({:?})", e.message, e.help));
    p.play(m).unwrap();
}

/// Why a move written as text is refused (it must be).
pub(crate) fn refusal(p: &Position, text: &str) -> String {
    match parse_move(p, text) {
        Ok(_) => panic!("{text} was accepted"),
        Err(e) => format!("{} {}", e.message, e.help.unwrap_or_default()),
    }
}

/// The kind and owner of the piece on a square.
pub(crate) fn piece_on(p: &Position, sq: &str) -> Option<(String, usize)> {
    let s = p.model().board.parse(sq).unwrap() as usize;
    p.piece_at(s)
        .map(|(k, o)| (p.model().pieces[k].name.clone(), o))
}

/// The kind of the piece on a square.
pub(crate) fn name_on(p: &Position, sq: &str) -> Option<String> {
    piece_on(p, sq).map(|x| x.0)
}

/// A seeded random game from the start, of at most `plies` plies (fewer if
/// it ends): where it stands, and its record (moves only, no tags).
pub(crate) fn random_record(g: &Game, seed: u64, plies: usize) -> (Position, Record) {
    let mut rng = fastrand::Rng::with_seed(seed);
    let mut pos = g.start();
    let mut rec = Record::default();
    for _ in 0..plies {
        let moves = pos.legal_moves();
        if moves.is_empty() {
            break;
        }
        let m = moves[rng.usize(..moves.len())];
        rec.push(&pos, m);
        pos.play(m).unwrap();
    }
    (pos, rec)
}
