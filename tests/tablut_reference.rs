//! Tablut against an independent reference: `tests/support/tablut_ref.rs`,
//! a plain move generator on its own 9x9 board, written from the rules in
//! `games/tablut.lud`'s comments and info, under both options (escape=edge,
//! escape=corner). Positions from seeded random games are compared to depth
//! 2 (perft 2, every move list and the result: `tests/support/differential.rs`),
//! perft from the start is recounted by the reference, and so is every row
//! of `tests/perft/tablut.perft` and `tests/perft/tablut-corner.perft`.

#[path = "support/common.rs"]
mod common;
#[path = "support/differential.rs"]
mod differential;
#[path = "support/perft_file.rs"]
mod perft_file;
#[path = "support/ref_core.rs"]
mod ref_core;
#[path = "support/tablut_ref.rs"]
mod tablut_ref;

use differential::Setup;
use ref_core::{Result, Rules};
use tablut_ref::RefGame;

fn setups() -> Vec<Setup<RefGame>> {
    [("edge", false), ("corner", true)]
        .into_iter()
        .map(|(escape, corner)| Setup {
            label: format!("Tablut escape={escape}"),
            game: common::game_with("games/tablut.lud", None, &[("escape", escape)]),
            start: RefGame::new(corner),
        })
        .collect()
}

#[test]
fn random_positions_agree_with_the_reference_to_depth_2() {
    differential::check_all(&setups(), 150);
}

#[test]
#[ignore = "long: run with `cargo test --release -- --ignored`"]
fn many_random_positions_agree_with_the_reference_to_depth_2() {
    differential::check_all(&setups(), 1000);
}

#[test]
fn perft_from_the_start_agrees_with_the_reference() {
    differential::assert_same_perft_from_the_start(&setups());
}

/// The rows of the perft tables of at most `budget` nodes, recounted by the
/// reference.
fn recount_the_tables(budget: u64) {
    let mut counted = 0;
    for (file, corner) in [("tablut", false), ("tablut-corner", true)] {
        for r in perft_file::rows(file) {
            let want = if corner { "corner" } else { "edge" };
            let escape = r.options.iter().find(|(k, _)| k == "escape");
            assert_eq!(escape.map_or("edge", |(_, v)| v.as_str()), want);
            if r.nodes > budget {
                continue;
            }
            let g = match &r.fen {
                Some(f) => RefGame::from_text(f, corner).unwrap(),
                None => RefGame::new(corner),
            };
            assert_eq!(
                g.perft(r.depth),
                r.nodes,
                "{file}.perft:{} {} perft {}",
                r.line,
                r.id,
                r.depth
            );
            counted += 1;
        }
    }
    assert!(counted >= 10, "{counted} rows");
}

/// The perft tables' rows of at most a million nodes (all in an optimised
/// build), recounted by the reference.
#[test]
fn the_perft_tables_agree_with_the_reference() {
    recount_the_tables(if cfg!(debug_assertions) {
        1_000_000
    } else {
        u64::MAX
    });
}

/// A case of the rules: the option `escape`, a position, a move, what stands
/// on the squares named after it (a letter as position strings write it),
/// and the result.
type Case = (
    &'static str,
    &'static str,
    &'static str,
    &'static [(&'static str, Option<char>)],
    Option<Result>,
);

/// The rules the reference reads from the game file, each on a position of
/// its own, in lud and in the reference.
#[test]
fn captures_and_ends_as_the_rules_say() {
    let edge = common::game_with("games/tablut.lud", None, &[("escape", "edge")]);
    let corner = common::game_with("games/tablut.lud", None, &[("escape", "corner")]);
    let cases: &[Case] = &[
        // A man between the landing man and a Black man is taken.
        (
            "edge",
            "9/9/9/9/4k4/9/2M6/2m6/4M4 b - - 0 1",
            "e1c1",
            &[("c2", None)],
            None,
        ),
        // The empty throne is hostile: a White man on e4 is taken from e3.
        (
            "edge",
            "9/9/9/9/9/4m4/5M3/1k7/9 b - - 0 1",
            "f3e3",
            &[("e4", None)],
            None,
        ),
        // With the king on the throne it is not.
        (
            "edge",
            "9/9/9/9/4k4/4m4/5M3/9/9 b - - 0 1",
            "f3e3",
            &[("e4", Some('m'))],
            None,
        ),
        // Away from the throne the king is taken by two.
        (
            "edge",
            "9/9/9/9/2M6/2k6/3M5/9/9 b - - 0 1",
            "d3c3",
            &[("c4", None)],
            Some(Result::win(0, "the king was taken")),
        ),
        // Beside the throne, three and the empty throne take it.
        (
            "edge",
            "9/9/9/9/9/3MkM3/9/4M4/9 b - - 0 1",
            "e2e3",
            &[("e4", None)],
            Some(Result::win(0, "the king was taken")),
        ),
        // Beside the throne, two do not.
        (
            "edge",
            "9/9/9/9/9/3Mk4/9/4M4/9 b - - 0 1",
            "e2e3",
            &[("e4", Some('k'))],
            None,
        ),
        // The king reaching the edge wins.
        (
            "edge",
            "9/9/9/9/9/1k7/9/M8/9 w - - 0 1",
            "b4a4",
            &[],
            Some(Result::win(1, "the king escaped")),
        ),
        // With escape=corner the edge is not enough, and a corner is
        // hostile: the king on a2 is taken from a3.
        (
            "corner",
            "9/9/9/9/9/9/1M7/k8/9 b - - 0 1",
            "b3a3",
            &[("a2", None)],
            Some(Result::win(0, "the king was taken")),
        ),
        (
            "corner",
            "9/9/9/9/9/9/9/k8/7M1 w - - 0 1",
            "a2a1",
            &[],
            Some(Result::win(1, "the king escaped")),
        ),
    ];
    for (i, &(option, text, mv, squares, ref result)) in cases.iter().enumerate() {
        let is_corner = option == "corner";
        let g = if is_corner { &corner } else { &edge };
        let mut p = common::pos(g, text);
        common::play(&mut p, mv);
        let mut r = RefGame::from_text(text, is_corner).unwrap();
        assert!(r.play(mv), "case {i}: the reference refuses {mv}");
        for &(sq, want) in squares {
            let got = common::piece_on(&p, sq).map(|(kind, owner)| {
                let c = kind.chars().next().unwrap();
                if owner == 0 {
                    c.to_ascii_uppercase()
                } else {
                    c.to_ascii_lowercase()
                }
            });
            assert_eq!(got, want, "case {i}: {sq} after {mv} in {text}");
        }
        let verdict = differential::verdict_of(p.outcome());
        assert_eq!(&verdict, result, "case {i}: lud's result after {mv}");
        assert_eq!(&r.result(), result, "case {i}: the reference's result");
        assert_eq!(r.legal_moves(), common::legal(&p), "case {i}: moves");
    }
}
