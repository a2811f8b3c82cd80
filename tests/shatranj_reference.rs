//! Shatranj against an independent reference: `tests/support/shatranj_ref.rs`,
//! a plain move generator written from RULES.md alone (SH-1 .. SH-15).
//! Positions from seeded random games are compared to depth 2 (perft 2 and
//! every move list: `tests/support/differential.rs`), and perft from the
//! start is recounted by the reference.

#[path = "support/common.rs"]
mod common;
#[path = "support/differential.rs"]
mod differential;
#[path = "support/ref_core.rs"]
mod ref_core;
#[path = "support/shatranj_ref.rs"]
mod shatranj_ref;

use differential::Setup;
use shatranj_ref::RefGame;

/// Shatranj has one configuration: no ruleset, no option.
fn setups() -> Vec<Setup<RefGame>> {
    vec![Setup {
        label: "Shatranj".to_string(),
        game: common::game("games/shatranj.lud"),
        start: RefGame::new(),
    }]
}

#[test]
fn random_positions_agree_with_the_reference_to_depth_2() {
    differential::check_all(&setups(), 12);
}

#[test]
#[ignore = "long: run with `cargo test --release -- --ignored`"]
fn many_random_positions_agree_with_the_reference_to_depth_2() {
    differential::check_all(&setups(), 500);
}

#[test]
fn perft_from_the_start_agrees_with_the_reference() {
    differential::assert_same_perft_from_the_start(&setups());
}
