//! What the fuzz harnesses share: the shipped games, positions reached by
//! seeded random play, the vocabulary of token soups, mutations of text, and
//! the checks that an input went through the library without a panic and
//! that every refusal carries a message.
#![allow(dead_code)]

use std::path::{Path, PathBuf};

use lud::compile::ludemes::{DIRECTIONS, LUDEMES, PLAYER_WORDS, TARGETS};
use lud::diagnostics::Style;
use lud::record::Record;
use lud::{Game, Position};

/// Every shipped game file, sorted.
pub(crate) fn shipped_files() -> Vec<PathBuf> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("games");
    let mut v: Vec<PathBuf> = std::fs::read_dir(dir)
        .expect("games/ can be read")
        .map(|e| e.expect("an entry").path())
        .filter(|p| p.extension().is_some_and(|e| e == "lud"))
        .collect();
    v.sort();
    v
}

/// The text of every shipped game.
pub(crate) fn shipped_texts() -> Vec<String> {
    shipped_files()
        .iter()
        .map(|p| std::fs::read_to_string(p).expect("a shipped game can be read"))
        .collect()
}

/// Every shipped game compiled under every configuration `lud check` tries.
pub(crate) fn shipped_games() -> Vec<(String, Game)> {
    let mut out = Vec::new();
    for f in shipped_files() {
        let src = lud::compile::read_source(&f).expect("a shipped game can be read");
        let game = lud::build::compile(&src).expect("a shipped game compiles");
        for cfg in game.model().options.all_configs() {
            let g = lud::build::compile_with(&src, &cfg)
                .unwrap_or_else(|_| panic!("{} compiles under {cfg:?}", f.display()));
            out.push((format!("{} {cfg:?}", f.display()), g));
        }
    }
    out
}

/// The positions of one seeded random game of `game`, from the start, at most
/// `plies` moves (the game may end sooner); the start position first.
pub(crate) fn random_line(game: &Game, seed: u64, plies: usize) -> Vec<Position> {
    let mut rng = fastrand::Rng::with_seed(seed);
    let mut pos = game.start();
    let mut out = vec![pos.clone()];
    for _ in 0..plies {
        if pos.outcome().is_some() {
            break;
        }
        let moves = pos.legal_moves();
        if moves.is_empty() {
            break;
        }
        let m = moves[rng.usize(..moves.len())];
        pos.play(m).expect("a legal move plays");
        out.push(pos.clone());
    }
    out
}

/// The record of a line of positions (each one move after the one before),
/// tagged with the game's name; None if no legal move leads from a position
/// of the line to the next.
pub(crate) fn record_of_line(game: &Game, line: &[Position]) -> Option<Record> {
    let mut rec = Record::default();
    rec.set_tag("Game", game.name());
    for w in line.windows(2) {
        let m = w[0].legal_moves().into_iter().find(|&m| {
            let mut p = w[0].clone();
            p.play_unchecked(m);
            p.key() == w[1].key() && p.to_string() == w[1].to_string()
        })?;
        rec.push(&w[0], m);
    }
    Some(rec)
}

/// The words token soups are made of: brackets, every ludeme of the
/// catalogue, constants, squares, strings, numbers, named arguments, macro
/// parameters, comments and a few stray characters.
pub(crate) fn vocabulary() -> Vec<String> {
    let mut v: Vec<String> = ["(", ")", "{", "}", "(", ")", "(", ")"]
        .iter()
        .map(|s| (*s).to_string())
        .collect();
    for l in LUDEMES {
        v.push(format!("({}", l.name));
        v.push(l.name.to_string());
        for p in l.params.iter().filter(|p| p.named) {
            v.push(format!("{}:", p.name));
        }
    }
    for w in DIRECTIONS.iter().chain(TARGETS).chain(PLAYER_WORDS) {
        v.push((*w).to_string());
    }
    for w in [
        "True",
        "False",
        "White",
        "Black",
        "\"King\"",
        "\"K\"",
        "\"Pawn\"",
        "\"P\"",
        "\"x\"",
        "\"\"",
        "a1",
        "h8",
        "e4",
        "z99",
        "a0",
        "0",
        "1",
        "2",
        "8",
        "-1",
        "99999999999",
        "4294967296",
        "1.5",
        "#1",
        "#2",
        "(define",
        "\"M\"",
        "(\"M\"",
        "// c\n",
        "/* c */",
        "/*",
        "\"",
        ":",
        "\\",
        "@",
        "é",
        "\u{200b}",
        "\t",
        "\n",
        "(game",
        "\"G\"",
        "(players",
        "{(player \"White\" N) (player \"Black\" S)}",
        "(equipment",
        "(board (square 3))",
        "(piece \"King\" \"K\" royal:True (step All))",
        "(rules",
        "(start",
        "{(place White \"King\" a1) (place Black \"King\" c3)}",
        "(end {(if (noMoves Next) (loss Next \"x\"))})",
    ] {
        v.push(w.to_string());
    }
    v
}

/// A mutation of a text: an operation at a place.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Mutation {
    /// Which operation (taken modulo their number).
    pub(crate) op: u8,
    /// Where (taken modulo the number of tokens).
    pub(crate) at: u32,
    /// A second number: another place, a length, a word of the vocabulary.
    pub(crate) arg: u32,
}

/// The tokens of a text with what lies between them: words, brackets and
/// strings stay whole, so a mutation moves meaningful pieces.
pub(crate) fn tokens(text: &str) -> Vec<String> {
    let mut out = Vec::new();
    let mut cur = String::new();
    let mut chars = text.chars().peekable();
    while let Some(c) = chars.next() {
        match c {
            '(' | ')' | '{' | '}' | ' ' | '\n' | '\t' => {
                if !cur.is_empty() {
                    out.push(std::mem::take(&mut cur));
                }
                out.push(c.to_string());
            }
            '"' => {
                if !cur.is_empty() {
                    out.push(std::mem::take(&mut cur));
                }
                let mut s = String::from('"');
                while let Some(d) = chars.next() {
                    s.push(d);
                    if d == '\\' {
                        if let Some(e) = chars.next() {
                            s.push(e);
                        }
                    } else if d == '"' {
                        break;
                    }
                }
                out.push(s);
            }
            _ => cur.push(c),
        }
    }
    if !cur.is_empty() {
        out.push(cur);
    }
    out
}

/// Applies mutations to a text, token by token.
pub(crate) fn mutate(text: &str, muts: &[Mutation], vocab: &[String]) -> String {
    let mut t = tokens(text);
    for m in muts {
        if t.is_empty() {
            t.push(vocab[m.arg as usize % vocab.len()].clone());
            continue;
        }
        let n = t.len();
        let i = m.at as usize % n;
        let j = m.arg as usize % n;
        match m.op % 12 {
            // Delete a run of tokens.
            0 => {
                let end = (i + 1 + (m.arg as usize % 8)).min(n);
                t.drain(i..end);
            }
            // Duplicate a run.
            1 => {
                let end = (i + 1 + (m.arg as usize % 8)).min(n);
                let run: Vec<String> = t[i..end].to_vec();
                for (k, s) in run.into_iter().enumerate() {
                    t.insert(end + k, s);
                }
            }
            // Swap two tokens.
            2 => t.swap(i, j),
            // Replace a token with a word of the vocabulary.
            3 | 4 => t[i].clone_from(&vocab[m.arg as usize % vocab.len()]),
            // Insert a word.
            5 => t.insert(i, vocab[m.arg as usize % vocab.len()].clone()),
            // Change a number.
            6 => {
                if let Some(k) = (0..n)
                    .map(|d| (i + d) % n)
                    .find(|&k| t[k].parse::<i64>().is_ok())
                {
                    t[k] = match m.arg % 6 {
                        0 => "0".into(),
                        1 => "-1".into(),
                        2 => (m.arg % 40).to_string(),
                        3 => "4294967297".into(),
                        4 => "99999999999999999999".into(),
                        _ => "27".into(),
                    };
                }
            }
            // Move a run elsewhere.
            7 => {
                let end = (i + 1 + (m.arg as usize % 6)).min(n);
                let run: Vec<String> = t.drain(i..end).collect();
                let to = j.min(t.len());
                for (k, s) in run.into_iter().enumerate() {
                    t.insert(to + k, s);
                }
            }
            // Change one character of a token.
            8 => {
                let chars: Vec<char> = t[i].chars().collect();
                if !chars.is_empty() {
                    let k = m.arg as usize % chars.len();
                    let c = char::from_u32(0x20 + (m.arg >> 8) % 0x60).unwrap_or('x');
                    t[i] = chars[..k]
                        .iter()
                        .chain(std::iter::once(&c))
                        .chain(&chars[k + 1..])
                        .collect();
                }
            }
            // A very long line: past display column 65,535 (spaces, or wide
            // characters), where a diagnostic may have to point.
            10 => {
                let run = if m.arg % 2 == 0 {
                    " ".repeat(66_000 + (m.arg as usize % 4_000))
                } else {
                    "中".repeat(33_000 + (m.arg as usize % 2_000))
                };
                t.insert(i, run);
            }
            // Wrap a run in a form or a list.
            _ => {
                let end = (i + 1 + (m.arg as usize % 5)).min(n);
                let (open, close) = if m.arg % 2 == 0 {
                    ("(not ", ")")
                } else {
                    ("{", "}")
                };
                t.insert(end, close.into());
                t.insert(i, open.into());
            }
        }
    }
    t.concat()
}

/// What a text came to in the library.
#[derive(Debug, Default)]
pub(crate) struct Front {
    /// It passed the checks (perhaps with warnings).
    pub(crate) clean: bool,
    /// It compiled and was played a little.
    pub(crate) played: bool,
}

/// Runs a game file's bytes through the library: reading, the checks (every
/// problem with a message, rendered both ways), the formatter, and, if it
/// checks clean, compiling, `perft 2`, a few random moves, `explain` and the
/// position string. Panics if anything panics or a refusal says nothing.
pub(crate) fn front_to_back(bytes: &[u8], seed: u64) -> Front {
    let mut out = Front::default();
    let src = match lud::compile::source_from_bytes("fuzz.lud", bytes) {
        Ok(s) => s,
        Err(d) => {
            assert!(d.has_errors(), "a refused file has an error");
            assert_messages(&d);
            return out;
        }
    };
    let _ = lud::syntax::format(&src).map_err(|e| {
        assert!(!e.to_string().is_empty(), "a formatting error says why");
    });
    let d = lud::build::check(&src);
    assert_messages(&d);
    if d.has_errors() {
        return out;
    }
    out.clean = true;
    match lud::build::compile(&src) {
        Ok(game) => {
            play_a_little(&game, seed);
            out.played = true;
        }
        Err(d) => panic!(
            "the file checks clean but does not compile:\n{}",
            d.render_plain()
        ),
    }
    out
}

/// Asserts that every problem has a message, and renders them both ways.
pub(crate) fn assert_messages(d: &lud::diagnostics::Diagnostics) {
    for p in &d.problems {
        assert!(
            !p.to_string().trim().is_empty(),
            "a problem without a message: {p:?}"
        );
    }
    let text = d.render(Style::Plain, 80);
    assert!(
        d.problems.is_empty() || !text.is_empty(),
        "rendered diagnostics say something"
    );
    let _ = d.to_json_lines();
}

/// Perft 2, explain, the position string read back, and a few random moves.
pub(crate) fn play_a_little(game: &Game, seed: u64) {
    let start = game.start();
    let _ = lud::perft::perft(&start, 2);
    let _ = lud::explain::position(&start);
    for pos in random_line(game, seed, 12) {
        let text = pos.to_string();
        let back = game.position(&text).unwrap_or_else(|e| {
            panic!(
                "the position string {text:?} is not read back: {}",
                e.message
            )
        });
        assert_eq!(
            back.to_string(),
            text,
            "a position string reads back the same"
        );
        if let Some(&m) = pos.legal_moves().first() {
            let _ = lud::explain::legal_move(&pos, m);
            let _ = lud::notation::move_text(&pos, m);
        }
    }
}

/// Asserts that a refusal message says something.
pub(crate) fn said(what: &str, message: &str) {
    assert!(
        !message.trim().is_empty(),
        "{what} refused without a message"
    );
}

/// The proptest configuration of a harness: a fixed seed (the same cases on
/// every run: failures reproduce), `cases` cases, nothing written to disk.
pub(crate) fn config(cases: u32) -> proptest::test_runner::Config {
    proptest::test_runner::Config {
        cases,
        failure_persistence: None,
        rng_seed: proptest::test_runner::RngSeed::Fixed(0x15_f022),
        max_shrink_iters: 2_000,
        ..proptest::test_runner::Config::default()
    }
}
