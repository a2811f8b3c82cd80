//! The rows of a `tests/perft/*.perft` file (the format `tests/perft.rs`
//! reads), for the references to recount: each row with its options, its
//! position string (None: the start), depth, nodes and whether it is slow.
#![allow(dead_code)]

use std::path::Path;

pub(crate) struct Row {
    pub(crate) line: usize,
    pub(crate) id: String,
    pub(crate) options: Vec<(String, String)>,
    pub(crate) fen: Option<String>,
    pub(crate) depth: u32,
    pub(crate) nodes: u64,
    pub(crate) slow: bool,
}

/// The rows of `tests/perft/NAME.perft`.
pub(crate) fn rows(name: &str) -> Vec<Row> {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join(format!("tests/perft/{name}.perft"));
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{name}: {e}"));
    let (mut options, mut id, mut fen) = (Vec::new(), String::new(), None);
    let mut out = Vec::new();
    for (i, raw) in text.lines().enumerate() {
        let line = raw.split('#').next().unwrap_or("").trim();
        let (key, rest) = line.split_once(' ').unwrap_or((line, ""));
        let rest = rest.trim();
        match key {
            "" | "game" => {}
            "option" => {
                let (k, v) = rest.split_once('=').expect("option NAME=VALUE");
                options.push((k.to_string(), v.to_string()));
            }
            "id" => {
                id = rest.to_string();
                fen = None;
            }
            "fen" => fen = Some(rest.to_string()),
            "start" => fen = None,
            "perft" => {
                let parts: Vec<&str> = rest.split_whitespace().collect();
                out.push(Row {
                    line: i + 1,
                    id: id.clone(),
                    options: options.clone(),
                    fen: fen.clone(),
                    depth: parts[0].parse().expect("depth"),
                    nodes: parts[1].parse().expect("nodes"),
                    slow: parts.get(2) == Some(&"slow"),
                });
            }
            other => panic!("{name}.perft:{}: unknown key {other}", i + 1),
        }
    }
    out
}
