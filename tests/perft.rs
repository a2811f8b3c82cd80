//! Perft tables: every `tests/perft/*.perft` file, one driver.
//!
//! The fast test runs each row up to a node budget (larger rows are left to
//! the deep test); `cargo test --release -- --ignored` runs every row.

use std::path::{Path, PathBuf};

use lud::compile::options::Config;
use lud::Game;

struct Row {
    file: PathBuf,
    line: usize,
    id: String,
    fen: Option<String>,
    depth: u32,
    nodes: u64,
    slow: bool,
}

fn load_game(path: &Path, config: &Config) -> Game {
    let src = lud::compile::read_source(path).unwrap_or_else(|e| panic!("{e}"));
    lud::build::compile_with(&src, config).unwrap_or_else(|e| panic!("{e:?}"))
}

fn rows() -> Vec<(PathBuf, Config, Vec<Row>)> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut files: Vec<PathBuf> = std::fs::read_dir(root.join("tests/perft"))
        .expect("tests/perft exists")
        .map(|e| e.expect("readable").path())
        .filter(|p| p.extension().is_some_and(|x| x == "perft"))
        .collect();
    files.sort();
    assert!(!files.is_empty(), "no perft files");
    let mut out = Vec::new();
    for f in files {
        let text = std::fs::read_to_string(&f).expect("readable");
        let mut game = None;
        let mut config = Config::default();
        let mut id = String::new();
        let mut fen: Option<String> = None;
        let mut rows = Vec::new();
        for (i, raw) in text.lines().enumerate() {
            let line = raw.split('#').next().unwrap_or("").trim();
            if line.is_empty() {
                continue;
            }
            let (key, rest) = line.split_once(' ').unwrap_or((line, ""));
            match key {
                "game" => game = Some(root.join(rest.trim())),
                "ruleset" => config.ruleset = Some(rest.trim().to_string()),
                "option" => {
                    let (k, v) = rest.trim().split_once('=').expect("option NAME=VALUE");
                    config.options.push((k.to_string(), v.to_string()));
                }
                "id" => {
                    id = rest.trim().to_string();
                    fen = None;
                }
                "fen" => fen = Some(rest.trim().to_string()),
                "start" => fen = None,
                "perft" => {
                    let parts: Vec<&str> = rest.split_whitespace().collect();
                    rows.push(Row {
                        file: f.clone(),
                        line: i + 1,
                        id: id.clone(),
                        fen: fen.clone(),
                        depth: parts[0].parse().expect("depth"),
                        nodes: parts[1].parse().expect("nodes"),
                        slow: parts.get(2) == Some(&"slow"),
                    });
                }
                other => panic!("{}:{}: unknown key {other}", f.display(), i + 1),
            }
        }
        out.push((game.expect("a `game` line"), config, rows));
    }
    out
}

fn run(budget: u64, include_slow: bool) -> usize {
    let mut ran = 0;
    for (game_path, config, rows) in rows() {
        let game = load_game(&game_path, &config);
        for r in rows {
            if r.nodes > budget || (r.slow && !include_slow) {
                continue;
            }
            let pos = match &r.fen {
                // Every row counts from a position a game could reach.
                Some(f) => game
                    .position(f)
                    .unwrap_or_else(|e| panic!("{}: {e:?}", r.id)),
                None => game.start(),
            };
            let got = lud::perft::perft(&pos, r.depth);
            assert_eq!(
                got,
                r.nodes,
                "{}:{} {} perft {}",
                r.file.display(),
                r.line,
                r.id,
                r.depth
            );
            ran += 1;
        }
    }
    ran
}

#[test]
fn perft_tables() {
    let budget = if cfg!(debug_assertions) {
        1_200_000
    } else {
        3_000_000
    };
    assert!(run(budget, false) > 50);
}

#[test]
#[ignore = "deep rows: run with `cargo test --release -- --ignored`"]
fn perft_tables_deep() {
    run(u64::MAX, true);
}
