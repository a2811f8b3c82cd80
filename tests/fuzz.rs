//! Fuzzing on stable (proptest), with a fixed budget and a fixed seed: the
//! parser and the compiler (random bytes, token soups, mutations of the
//! shipped games), position strings (random, and mutations of reachable
//! ones, for every shipped game and configuration), typed moves (random and
//! mutated, against reachable positions) and records (mutations of records of
//! seeded random games). The property: never a panic, and every refusal an
//! `Err` with a message. In-process through the library; the command line
//! itself through the binary (`lud explain`, `lud replay`, and `lud play` with
//! a human player's typed lines).
//!
//! Each harness runs a small budget in `cargo test` and fifty times as many
//! cases in the release soak (`cargo test --release -- --ignored`).

#[path = "support/fuzz.rs"]
mod fuzz;
#[path = "support/run.rs"]
mod run;

use std::sync::OnceLock;

use fuzz::{config, front_to_back, mutate, random_line, record_of_line, said, Mutation};
use lud::record::Record;
use lud::{Game, Position};
use proptest::prelude::*;
use proptest::test_runner::TestRunner;

/// The long runs' budget over the short ones'.
const LONG: u32 = 50;

fn games() -> &'static [(String, Game)] {
    static GAMES: OnceLock<Vec<(String, Game)>> = OnceLock::new();
    GAMES.get_or_init(fuzz::shipped_games)
}

fn vocab() -> &'static [String] {
    static V: OnceLock<Vec<String>> = OnceLock::new();
    V.get_or_init(fuzz::vocabulary)
}

fn texts() -> &'static [String] {
    static T: OnceLock<Vec<String>> = OnceLock::new();
    T.get_or_init(fuzz::shipped_texts)
}

fn mutations(most: usize) -> impl Strategy<Value = Vec<Mutation>> {
    prop::collection::vec(
        (any::<u8>(), any::<u32>(), any::<u32>()).prop_map(|(op, at, arg)| Mutation {
            op,
            at,
            arg,
        }),
        1..=most,
    )
}

/// Runs a harness; a failing case panics with proptest's minimal input.
fn run<S: Strategy>(cases: u32, strategy: S, test: impl Fn(S::Value) -> Result<(), TestCaseError>)
where
    S::Value: std::fmt::Debug,
{
    let mut runner = TestRunner::new(config(cases));
    if let Err(e) = runner.run(&strategy, test) {
        panic!("{e}");
    }
}

/// A position reached by seeded random play of a shipped game.
fn reached(g: usize, seed: u64, plies: usize) -> (&'static Game, Position) {
    let (_, game) = &games()[g % games().len()];
    let line = random_line(game, seed, plies);
    let pos = line.last().cloned().unwrap_or_else(|| game.start());
    (game, pos)
}

/// Uses a position the library accepted: moves, outcome, explanation, perft,
/// its string read back.
fn use_position(game: &Game, pos: &Position) {
    let moves = pos.legal_moves();
    let _ = pos.outcome();
    let _ = lud::explain::position(pos);
    let _ = lud::perft::perft(pos, 2);
    for &m in moves.iter().take(4) {
        let _ = lud::explain::legal_move(pos, m);
        let mut child = pos.clone();
        let _ = child.play(m);
    }
    let text = pos.to_string();
    if let Err(e) = game.position(&text) {
        panic!(
            "an accepted position's own string {text:?} is refused: {}",
            e.message
        );
    }
}

// ---- the parser and the compiler ----

fn parser_random_bytes(cases: u32) {
    run(cases, prop::collection::vec(any::<u8>(), 0..600), |bytes| {
        front_to_back(&bytes, 1);
        Ok(())
    });
}

fn parser_token_soups(cases: u32) {
    let words = prop::sample::select(vocab().to_vec());
    run(
        cases,
        (prop::collection::vec(words, 0..160), any::<bool>()),
        |(soup, spaced)| {
            let text = soup.join(if spaced { " " } else { "" });
            front_to_back(text.as_bytes(), 2);
            Ok(())
        },
    );
}

fn compiler_mutated_shipped_games(cases: u32) {
    run(cases, (any::<usize>(), mutations(8)), |(g, muts)| {
        let text = &texts()[g % texts().len()];
        let mutated = mutate(text, &muts, vocab());
        front_to_back(mutated.as_bytes(), 3);
        Ok(())
    });
}

#[test]
fn fuzz_parser_random_bytes() {
    parser_random_bytes(300);
}

#[test]
fn fuzz_parser_token_soups() {
    parser_token_soups(300);
}

#[test]
fn fuzz_compiler_mutated_shipped_games() {
    compiler_mutated_shipped_games(150);
}

// ---- position strings ----

fn positions_random(cases: u32) {
    run(
        cases,
        (any::<usize>(), "[A-Za-z0-9/ =:,_+.\\-]{0,90}"),
        |(g, text)| {
            let (_, game) = &games()[g % games().len()];
            match game.position(&text) {
                Ok(pos) => use_position(game, &pos),
                Err(e) => said("a position string", &e.message),
            }
            Ok(())
        },
    );
}

/// Character-level mutations of a text.
fn mutate_chars(text: &str, muts: &[Mutation]) -> String {
    const ALPHABET: &[u8] = b"KkQqRrBbNnPpAaCcEeHhMmVvDdGgSsFf0123456789/ -=:,_wb+x.";
    let mut c: Vec<char> = text.chars().collect();
    for m in muts {
        let n = c.len().max(1);
        let i = m.at as usize % n;
        let ch = char::from(ALPHABET[m.arg as usize % ALPHABET.len()]);
        match m.op % 6 {
            0 if !c.is_empty() => {
                c.remove(i);
            }
            1 => c.insert(i.min(c.len()), ch),
            2 if !c.is_empty() => c[i] = ch,
            3 if !c.is_empty() => {
                let end = (i + 1 + m.arg as usize % 10).min(c.len());
                let run: Vec<char> = c[i..end].to_vec();
                for (k, x) in run.into_iter().enumerate() {
                    c.insert(end + k, x);
                }
            }
            4 => {
                // A large or odd number somewhere.
                let num: Vec<char> = match m.arg % 4 {
                    0 => "4294967304".chars().collect(),
                    1 => "99999999999999999999".chars().collect(),
                    2 => "0".chars().collect(),
                    _ => "-1".chars().collect(),
                };
                let at = i.min(c.len());
                for (k, x) in num.into_iter().enumerate() {
                    c.insert(at + k, x);
                }
            }
            _ if !c.is_empty() => {
                let end = (i + 1 + m.arg as usize % 12).min(c.len());
                c.drain(i..end);
            }
            _ => {}
        }
    }
    c.into_iter().collect()
}

fn positions_mutated(cases: u32) {
    run(
        cases,
        (any::<usize>(), any::<u64>(), 0..120usize, mutations(5)),
        |(g, seed, plies, muts)| {
            let (game, pos) = reached(g, seed, plies);
            let text = mutate_chars(&pos.to_string(), &muts);
            match game.position(&text) {
                Ok(p) => use_position(game, &p),
                Err(e) => said("a position string", &e.message),
            }
            Ok(())
        },
    );
}

#[test]
fn fuzz_position_strings_random() {
    positions_random(300);
}

#[test]
fn fuzz_position_strings_mutated() {
    positions_mutated(300);
}

// ---- typed moves ----

fn typed_moves(cases: u32) {
    let random_text = "[a-z0-9@x,=+\\-]{0,14}".prop_map(|s| (s, false));
    let from_legal = any::<u32>().prop_map(|i| (i.to_string(), true));
    run(
        cases,
        (
            any::<usize>(),
            any::<u64>(),
            0..150usize,
            prop_oneof![random_text, from_legal],
            mutations(3),
        ),
        |(g, seed, plies, (text, legal), muts)| {
            let (_, pos) = reached(g, seed, plies);
            let text = if legal {
                // A legal move's text, mutated.
                let moves = pos.legal_moves();
                if moves.is_empty() {
                    return Ok(());
                }
                let i: usize = text.parse::<usize>().unwrap_or(0) % moves.len();
                mutate_chars(&lud::notation::move_text(&pos, moves[i]), &muts)
            } else {
                text
            };
            match lud::notation::parse_move(&pos, &text) {
                Ok(m) => {
                    let _ = lud::explain::legal_move(&pos, m);
                    let mut p = pos.clone();
                    if let Err(e) = p.play(m) {
                        panic!("{text:?} was read as a legal move, but playing it fails: {e}");
                    }
                }
                Err(e) => said("a typed move", &e.message),
            }
            Ok(())
        },
    );
}

#[test]
fn fuzz_typed_moves() {
    typed_moves(400);
}

// ---- records ----

/// The record of a seeded random game of `game`, as text.
fn record_text(game: &Game, seed: u64, plies: usize) -> String {
    let line = random_line(game, seed, plies);
    let mut rec = record_of_line(game, &line).expect("the move between two positions of the line");
    if let Some(o) = line.last().and_then(Position::outcome) {
        rec.set_tag("Ending", o.to_string());
    }
    rec.to_text()
}

fn records_mutated(cases: u32) {
    run(
        cases,
        (
            any::<usize>(),
            any::<u64>(),
            0..80usize,
            mutations(6),
            any::<bool>(),
        ),
        |(g, seed, plies, muts, by_token)| {
            let (_, game) = &games()[g % games().len()];
            let text = record_text(game, seed, plies);
            let text = if by_token {
                mutate(&text, &muts, vocab())
            } else {
                mutate_chars(&text, &muts)
            };
            match Record::parse(&text) {
                Ok(rec) => match rec.replay(game) {
                    Ok(pos) => {
                        let _ = lud::explain::position(&pos);
                        let _ = pos.legal_moves();
                    }
                    Err(e) => said("a record", &e.to_string()),
                },
                Err(e) => said("a record", &e.to_string()),
            }
            Ok(())
        },
    );
}

#[test]
fn fuzz_records_mutated() {
    records_mutated(200);
}

// ---- the command line: positions, moves and records as a user types them ----

fn cli_inputs(cases: u32) {
    let files = fuzz::shipped_files();
    let dir = std::path::Path::new(env!("CARGO_TARGET_TMPDIR")).join("fuzz-cli");
    std::fs::create_dir_all(&dir).expect("the scratch folder can be made");
    run(
        cases,
        (
            any::<usize>(),
            any::<u64>(),
            0..60usize,
            mutations(4),
            0..4u8,
        ),
        |(g, seed, plies, muts, what)| {
            let file = &files[g % files.len()];
            let f = file.to_str().expect("a UTF-8 path");
            let src = lud::compile::read_source(file).expect("a shipped game can be read");
            let game = lud::build::compile(&src).expect("a shipped game compiles");
            let line = random_line(&game, seed, plies);
            let pos = line.last().expect("the start at least");
            let r = match what {
                0 => {
                    let p = mutate_chars(&pos.to_string(), &muts);
                    run::lud(
                        &["explain", f, &format!("--position={p}")],
                        run::hang_guard(),
                    )
                }
                1 => {
                    let moves = pos.legal_moves();
                    let m = moves
                        .get(seed as usize % moves.len().max(1))
                        .map_or_else(|| "e2e4".to_string(), |&m| lud::notation::move_text(pos, m));
                    let m = mutate_chars(&m, &muts);
                    let p = pos.to_string();
                    run::lud(
                        &["explain", f, &format!("--position={p}"), "--", &m],
                        run::hang_guard(),
                    )
                }
                2 => {
                    // Two human players typing: legal moves, mutated moves,
                    // garbage, bytes that are not UTF-8, then the end of input.
                    let mut input = Vec::new();
                    let mut rng = fastrand::Rng::with_seed(seed);
                    let mut p = game.start();
                    for _ in 0..12 {
                        let moves = p.legal_moves();
                        if moves.is_empty() || p.outcome().is_some() {
                            break;
                        }
                        let m = moves[rng.usize(..moves.len())];
                        let text = lud::notation::move_text(&p, m);
                        match rng.u8(0..6) {
                            0 => input.extend_from_slice(mutate_chars(&text, &muts).as_bytes()),
                            1 => input.extend_from_slice(b"\xff\xfe garbage"),
                            2 => input.extend_from_slice(b"     "),
                            _ => input.extend_from_slice(text.as_bytes()),
                        }
                        input.push(b'\n');
                        p.play(m).expect("a legal move plays");
                    }
                    run::lud_with_input(
                        &[
                            "play",
                            f,
                            "--white",
                            "human",
                            "--black",
                            "human",
                            "--max-plies",
                            "30",
                        ],
                        input,
                        run::hang_guard(),
                    )
                }
                _ => {
                    let text = mutate_chars(&record_text(&game, seed, plies), &muts);
                    let rec = dir.join(format!("r{seed}.txt"));
                    std::fs::write(&rec, text).expect("the scratch record can be written");
                    let r = run::lud(
                        &["replay", f, rec.to_str().expect("a UTF-8 path")],
                        run::hang_guard(),
                    );
                    let _ = std::fs::remove_file(&rec);
                    r
                }
            };
            if let Some(failure) = r.failure(&[0, 1]) {
                panic!("{}\n  -> {failure}\n{}", r.line, r.stderr);
            }
            if r.code == Some(1) {
                // The refusal is on standard error, or (explain) on standard output.
                said(&r.line, &format!("{}{}", r.stderr, r.stdout));
            }
            Ok(())
        },
    );
}

#[test]
fn fuzz_command_line_positions_moves_records() {
    cli_inputs(24);
}

// ---- the long runs ----

#[test]
#[ignore = "the long fuzz runs: release mode (CI runs them)"]
fn fuzz_long_parser_and_compiler() {
    parser_random_bytes(300 * LONG);
    parser_token_soups(300 * LONG);
    compiler_mutated_shipped_games(150 * LONG);
}

#[test]
#[ignore = "the long fuzz runs: release mode (CI runs them)"]
fn fuzz_long_positions_moves_records() {
    positions_random(300 * LONG);
    positions_mutated(300 * LONG);
    typed_moves(400 * LONG);
    records_mutated(200 * LONG);
    cli_inputs(24 * LONG);
}
