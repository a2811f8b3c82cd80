//! Shatranj against an independent reference: `tests/support/shatranj_ref.rs`,
//! a plain move generator written from RULES.md alone (SH-1 .. SH-15).
//! Positions from seeded random games are compared to depth 2 (perft 2 and
//! every move list: `tests/support/differential.rs`), and perft from the
//! start is recounted by the reference.

#[path = "support/common.rs"]
mod common;
#[path = "support/differential.rs"]
mod differential;
#[path = "support/shatranj_ref.rs"]
mod shatranj_ref;

use differential::{Reference, Setup, Verdict};
use shatranj_ref::RefGame;

impl Reference for RefGame {
    fn look(&self) -> (Vec<String>, Option<Verdict>) {
        let (moves, r) = self.moves_and_result();
        let v = r.map(|r| match r {
            shatranj_ref::Result::Win { winner, kind } => Verdict {
                winner: Some(winner),
                kind,
                half: false,
            },
            shatranj_ref::Result::Draw { kind } => Verdict {
                winner: None,
                kind,
                half: false,
            },
        });
        (moves, v)
    }

    fn play(&mut self, text: &str) -> bool {
        RefGame::play(self, text)
    }

    fn forget_history(&mut self) {
        RefGame::forget_history(self);
    }
}

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
    let depth = if cfg!(debug_assertions) { 3 } else { 4 };
    let g = common::game("games/shatranj.lud");
    assert_eq!(
        lud::perft::perft(&g.start(), depth),
        RefGame::new().perft(depth),
        "perft {depth}"
    );
}
