//! Parsi Chess against an independent reference: `tests/support/parsi_ref.rs`,
//! a plain move generator written from RULES.md alone. Random games (biased
//! towards captures, so that promotions, bare kings and stalemates come up)
//! are played in both, comparing the legal moves and the result at every
//! ply; the perft tables of `tests/perft/parsi-*.perft` are recounted by it.

#[path = "support/common.rs"]
mod common;
#[path = "support/parsi_ref.rs"]
mod parsi_ref;

use lud::notation::move_text;
use lud::{Game, Outcome};
use parsi_ref::{Boorj, Options, RefGame, Stalemate};

fn game(ruleset: &str, options: &[(&str, &str)]) -> Game {
    common::game_with("games/parsi-chess.lud", Some(ruleset), options)
}

/// A ruleset, options on top of it, and the reference's options for the same game.
type Setup = (&'static str, Vec<(&'static str, &'static str)>, Options);

fn configs() -> Vec<Setup> {
    let m = Options::murray();
    let s = Options::shastree();
    vec![
        ("Murray", vec![], m),
        (
            "Murray",
            vec![("opening-moves", "0")],
            Options { opening: 0, ..m },
        ),
        (
            "Murray",
            vec![("opening-moves", "3")],
            Options { opening: 3, ..m },
        ),
        ("Shastree", vec![], s),
        (
            "Shastree",
            vec![("opening-moves", "4")],
            Options { opening: 4, ..s },
        ),
        (
            "Shastree",
            vec![("boorj", "draw")],
            Options {
                boorj: Boorj::Draw,
                ..s
            },
        ),
        (
            "Murray",
            vec![("boorj", "half-win"), ("opening-moves", "0")],
            Options {
                boorj: Boorj::HalfWin,
                opening: 0,
                ..m
            },
        ),
        (
            "Shastree",
            vec![("stalemate", "confiscate")],
            Options {
                stalemate: Stalemate::Confiscate,
                ..s
            },
        ),
        (
            "Murray",
            vec![
                ("stalemate", "stalemate-confiscates"),
                ("opening-moves", "0"),
            ],
            Options {
                stalemate: Stalemate::AllowedConfiscate,
                opening: 0,
                ..m
            },
        ),
    ]
}

fn same_result(ours: Option<&Outcome>, theirs: Option<&parsi_ref::Result>) -> bool {
    match (ours, theirs) {
        (None, None) => true,
        (
            Some(Outcome::Win { winner, kind, .. }),
            Some(parsi_ref::Result::Win { winner: w, kind: k }),
        ) => winner == w && kind == k,
        (Some(Outcome::Draw { kind }), Some(parsi_ref::Result::Draw { kind: k })) => kind == k,
        _ => false,
    }
}

/// Plies compared, and how often each kind of ending or special move came up.
fn random_games(games: u64, plies: u32) -> (usize, std::collections::BTreeMap<String, usize>) {
    let mut seen: std::collections::BTreeMap<String, usize> = std::collections::BTreeMap::new();
    let mut compared = 0;
    for (ruleset, options, opts) in configs() {
        let g = game(ruleset, &options);
        for seed in 0..games {
            let mut rng = fastrand::Rng::with_seed(seed * 7919 + 13);
            let mut ours = g.start();
            let mut theirs = RefGame::new(opts);
            let mut line: Vec<String> = Vec::new();
            for _ in 0..plies {
                let mut mine: Vec<String> = ours
                    .legal_moves()
                    .into_iter()
                    .map(|m| move_text(&ours, m))
                    .collect();
                mine.sort();
                let refs = theirs.legal_moves();
                assert_eq!(mine, refs, "{ruleset} {options:?} after {}", line.join(" "));
                let (o, r) = (ours.outcome(), theirs.result());
                assert!(
                    same_result(o.as_ref(), r.as_ref()),
                    "{ruleset} {options:?} after {}: {o:?} vs {r:?}",
                    line.join(" ")
                );
                compared += 1;
                if let Some(o) = &o {
                    *seen.entry(format!("ending {}", o.kind())).or_default() += 1;
                }
                if mine.is_empty() {
                    break;
                }
                // Prefer captures, so that games thin out and end.
                let moves = ours.legal_moves();
                let captures: Vec<_> = moves
                    .iter()
                    .filter(|m| m.from().is_none() || ours.piece_at(m.to()).is_some())
                    .copied()
                    .collect();
                let m = if !captures.is_empty() && rng.u8(..10) < 7 {
                    captures[rng.usize(..captures.len())]
                } else {
                    moves[rng.usize(..moves.len())]
                };
                let text = move_text(&ours, m);
                if m.promotion().is_some() {
                    *seen.entry("promotion".into()).or_default() += 1;
                }
                if m.extra().is_some() {
                    *seen.entry("extra leap".into()).or_default() += 1;
                }
                if m.from().is_none() {
                    *seen.entry("confiscation".into()).or_default() += 1;
                }
                assert!(theirs.play(&text), "the reference refuses {text}");
                ours.play(m).unwrap();
                line.push(text);
            }
        }
    }
    (compared, seen)
}

#[test]
fn random_games_agree_with_the_reference() {
    let (games, plies) = if cfg!(debug_assertions) {
        (6, 160)
    } else {
        (30, 300)
    };
    let (compared, seen) = random_games(games, plies);
    assert!(compared > 1000);
    assert!(seen.get("promotion").copied().unwrap_or(0) > 0, "{seen:?}");
}

#[test]
#[ignore = "long: run with `cargo test --release -- --ignored`"]
fn many_random_games_agree_with_the_reference() {
    let (compared, seen) = random_games(300, 400);
    eprintln!("{compared} plies compared; {seen:?}");
    for what in [
        "promotion",
        "extra leap",
        "confiscation",
        "ending checkmate",
        "ending Boorj",
        "ending bare kings",
    ] {
        assert!(
            seen.get(what).copied().unwrap_or(0) > 0,
            "{what} never came up: {seen:?}"
        );
    }
}

#[test]
fn perft_from_the_start_agrees_with_the_reference() {
    let depth = if cfg!(debug_assertions) { 3 } else { 4 };
    for (ruleset, options, opts) in configs() {
        let g = game(ruleset, &options);
        let ours = lud::perft::perft(&g.start(), depth);
        let theirs = RefGame::new(opts).perft(depth);
        assert_eq!(ours, theirs, "{ruleset} {options:?} perft {depth}");
    }
}

#[test]
#[ignore = "deep: run with `cargo test --release -- --ignored`"]
fn perft_5_from_the_start_agrees_with_the_reference() {
    for (ruleset, options, opts) in configs().into_iter().take(5) {
        let g = game(ruleset, &options);
        assert_eq!(
            lud::perft::perft(&g.start(), 5),
            RefGame::new(opts).perft(5),
            "{ruleset} {options:?}"
        );
    }
}
