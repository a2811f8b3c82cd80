//! Parsi Chess against an independent reference: `tests/support/parsi_ref.rs`,
//! a plain move generator written from RULES.md alone. Random games (biased
//! towards captures, so that promotions, bare kings and stalemates come up)
//! are played in both, comparing the legal moves and the result at every
//! ply; positions from seeded random games under every ruleset and every
//! option value are compared to depth 2 (perft 2 and every move list:
//! `tests/support/differential.rs`); the perft tables of
//! `tests/perft/parsi-*.perft` are recounted by it.

#[path = "support/common.rs"]
mod common;
#[path = "support/differential.rs"]
mod differential;
#[path = "support/parsi_ref.rs"]
mod parsi_ref;
#[path = "support/ref_core.rs"]
mod ref_core;

use differential::Setup;
use lud::notation::move_text;
use lud::{Game, Outcome};
use parsi_ref::{Boorj, Options, RefGame, Ruleset, Stalemate};
use ref_core::Rules;

fn game(ruleset: &str, options: &[(&str, &str)]) -> Game {
    common::game_with("games/parsi-chess.lud", Some(ruleset), options)
}

/// A ruleset, options on top of it, and the reference's options for the same game.
type Config = (&'static str, Vec<(&'static str, &'static str)>, Options);

/// Each ruleset with its own values, then with every other value of every
/// option, one option at a time.
fn configs() -> Vec<Config> {
    let mut v = Vec::new();
    for (ruleset, base) in [
        ("Murray", Options::murray()),
        ("Shastree", Options::shastree()),
    ] {
        v.push((ruleset, vec![], base));
        // PA-8, PA-10, PA-11, PA-13: the other account of each.
        let (other, name) = match base.king_leap {
            Ruleset::Murray => (Ruleset::Shastree, "Shastree"),
            Ruleset::Shastree => (Ruleset::Murray, "Murray"),
        };
        v.push((
            ruleset,
            vec![("king-leap", name)],
            Options {
                king_leap: other,
                ..base
            },
        ));
        v.push((
            ruleset,
            vec![("double-step", name)],
            Options {
                double_step: other,
                ..base
            },
        ));
        v.push((
            ruleset,
            vec![("promotion", name)],
            Options {
                promotion: other,
                ..base
            },
        ));
        v.push((
            ruleset,
            vec![("horse-leap", name)],
            Options {
                horse_leap: other,
                ..base
            },
        ));
        // PA-14.
        for (text, opening) in [
            ("0", 0),
            ("3", 3),
            ("4", 4),
            ("5", 5),
            ("6", 6),
            ("7", 7),
            ("8", 8),
            ("9", 9),
        ] {
            if opening != base.opening {
                v.push((
                    ruleset,
                    vec![("opening-moves", text)],
                    Options { opening, ..base },
                ));
            }
        }
        // PA-16.
        for (text, stalemate) in [
            ("draw", Stalemate::Draw),
            ("confiscate", Stalemate::Confiscate),
            ("stalemate-confiscates", Stalemate::AllowedConfiscate),
        ] {
            if stalemate != base.stalemate {
                v.push((
                    ruleset,
                    vec![("stalemate", text)],
                    Options { stalemate, ..base },
                ));
            }
        }
        // PA-18.
        for (text, boorj) in [
            ("half-win", Boorj::HalfWin),
            ("draw", Boorj::Draw),
            ("none", Boorj::NotAnEnd),
        ] {
            if boorj != base.boorj {
                v.push((ruleset, vec![("boorj", text)], Options { boorj, ..base }));
            }
        }
    }
    v
}

fn setups() -> Vec<Setup<RefGame>> {
    configs()
        .into_iter()
        .map(|(ruleset, options, o)| Setup {
            label: format!("Parsi {ruleset} {options:?}"),
            game: game(ruleset, &options),
            start: RefGame::new(o),
        })
        .collect()
}

fn same_result(ours: Option<&Outcome>, theirs: Option<&parsi_ref::Result>) -> bool {
    match (ours, theirs) {
        (None, None) => true,
        (
            Some(Outcome::Win { winner, kind, .. }),
            Some(parsi_ref::Result::Win {
                winner: w, kind: k, ..
            }),
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
        (3, 160)
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
    let (compared, seen) = random_games(60, 400);
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
    differential::assert_same_perft_from_the_start(&setups());
}

#[test]
#[ignore = "deep: run with `cargo test --release -- --ignored`"]
fn perft_5_from_the_start_agrees_with_the_reference() {
    // The rulesets with the openings of `tests/perft/parsi-*.perft`.
    let tabled = |r: &str, o: &[(&str, &str)]| {
        o.is_empty()
            || (r == "Murray" && (o == [("opening-moves", "0")] || o == [("opening-moves", "3")]))
            || (r == "Shastree" && o == [("opening-moves", "4")])
    };
    for (ruleset, options, opts) in configs().into_iter().filter(|(r, o, _)| tabled(r, o)) {
        let g = game(ruleset, &options);
        assert_eq!(
            lud::perft::perft(&g.start(), 5),
            RefGame::new(opts).perft(5),
            "{ruleset} {options:?}"
        );
    }
}

#[test]
fn random_positions_agree_with_the_reference_to_depth_2() {
    differential::check_all(&setups(), 4);
}

#[test]
#[ignore = "long: run with `cargo test --release -- --ignored`"]
fn many_random_positions_agree_with_the_reference_to_depth_2() {
    differential::check_all(&setups(), 500);
}

// PA-16, G-1: after f1f2 White is stalemated (Murray, stalemating allowed,
// both leaps used) and removes an enemy piece, but not the Camel on g2,
// which shields his King on h2 from the Vizier (issue 15's example).
#[test]
fn pa_16_a_confiscation_may_not_expose_the_own_king() {
    let opts = Options {
        opening: 0,
        stalemate: Stalemate::AllowedConfiscate,
        ..Options::murray()
    };
    let g = game(
        "Murray",
        &[
            ("opening-moves", "0"),
            ("stalemate", "stalemate-confiscates"),
        ],
    );
    let text = "8/8/8/3n4/8/8/6bK/4kq2 b - - 0 1 flags=leapt:h2,e1";
    let r = RefGame::from_fen(opts, text);
    let mut after = r.clone();
    assert!(after.play("f1f2"));
    assert_eq!(after.legal_moves(), ["xd5", "xf2"]);
    differential::assert_same_tree(&g, text, &r);
}

// PA-14, G-1: a position read from its string at the last move of Black's
// opening run, White's King on g3 already checked by the Vizier on g6:
// after Black's move White must answer the check (issue 15's finding, here
// under Murray's ruleset).
#[test]
fn pa_14_a_position_read_in_an_opening_run_keeps_the_check() {
    let g = game("Murray", &[]);
    let mut ours = g.start();
    let mut theirs = RefGame::new(Options::murray());
    for m in "e1f3 a2a3 f3g3 c2c3 f7f6 h7h5 e8g6".split_whitespace() {
        common::play(&mut ours, m);
        assert!(theirs.play(m), "{m}");
    }
    let text = lud::position::to_text(&ours);
    assert!(text.contains("phase=opening:1"), "{text}");
    theirs.forget_history();
    assert_eq!(RefGame::from_fen(Options::murray(), &text).perft(2), 164);
    assert_eq!(differential::assert_same_tree(&g, &text, &theirs), 164);
}
