//! Breakthrough against an independent reference:
//! `tests/support/breakthrough_ref.rs`, a move counter on two bitboards
//! written from the rules in `games/breakthrough.lud`'s comment alone. It
//! recounts every row of `tests/perft/breakthrough.perft` (rows 3 and up
//! were first counted by it), `lud` must agree with it from the start, and
//! positions of seeded random games are compared to depth 2 (every move
//! list, every result: `tests/support/differential.rs`).

#[path = "support/breakthrough_ref.rs"]
mod breakthrough_ref;
#[path = "support/common.rs"]
mod common;
#[path = "support/differential.rs"]
mod differential;
#[path = "support/ref_core.rs"]
mod ref_core;

use breakthrough_ref::{RefGame, Result, Rules};
use differential::Setup;

/// Breakthrough has one configuration: no ruleset, no option.
fn setups() -> Vec<Setup<RefGame>> {
    vec![Setup {
        label: "Breakthrough".to_string(),
        game: common::game("games/breakthrough.lud"),
        start: RefGame::new(),
    }]
}

/// The rows of `tests/perft/breakthrough.perft` (all from the start):
/// depth, nodes, and whether the row is marked `slow`.
fn table() -> Vec<(u32, u64, bool)> {
    let path = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/tests/perft/breakthrough.perft"
    );
    let text = std::fs::read_to_string(path).expect("the perft table");
    let mut rows = Vec::new();
    for raw in text.lines() {
        let line = raw.split('#').next().unwrap_or("").trim();
        let words: Vec<&str> = line.split_whitespace().collect();
        match words.first() {
            Some(&"perft") => rows.push((
                words[1].parse().expect("a depth"),
                words[2].parse().expect("a count"),
                words.get(3) == Some(&"slow"),
            )),
            Some(&("fen" | "option" | "ruleset")) => {
                panic!("{path}: rows from the start only: {line}")
            }
            _ => {}
        }
    }
    rows
}

// The reference's own rules, worked out by hand.

#[test]
fn the_reference_starts_with_22_moves_a_side() {
    let g = RefGame::new();
    let moves = g.legal_moves();
    assert_eq!(moves.len(), 22, "{moves:?}");
    // The pieces of rank 2 only: 8 straight, 7 + 7 diagonally.
    assert!(moves.iter().all(|m| m.as_bytes()[1] == b'2'), "{moves:?}");
    assert!(moves.contains(&"a2b3".to_string()) && !moves.contains(&"a2h3".to_string()));
    assert_eq!(g.result(), None);
    assert_eq!(g.count(2), 22 * 22);
}

#[test]
fn the_reference_takes_only_diagonally_forward() {
    // White d4 faces Black d5 (blocked straight) and c5 (taken diagonally);
    // e5 is empty. Black's b7 is far away.
    let g = RefGame::from_board("8/1p6/8/2pp4/3P4/8/8/8", 'w');
    assert_eq!(g.legal_moves(), ["d4c5", "d4e5"]);
    let mut after = g;
    assert!(after.play("d4c5"));
    assert_eq!(after.pieces(1).count_ones(), 2, "c5 is taken");
    // Black steps down the board: b7 to a6, b6, c6; d5 to c4, d4 (empty
    // now), e4.
    assert_eq!(
        after.legal_moves(),
        ["b7a6", "b7b6", "b7c6", "d5c4", "d5d4", "d5e4"]
    );
    // A piece may not take its own.
    let own = RefGame::from_board("8/7p/8/8/2PPP3/3P4/8/8", 'w');
    assert_eq!(own.moves_from("d3"), Vec::<String>::new());
}

#[test]
fn the_reference_ends_the_game_in_the_rules_order() {
    // White has just reached rank 8 (and Black still has pieces and moves).
    let reached = RefGame::from_board("3P4/8/8/8/8/8/p7/8", 'b');
    assert_eq!(
        reached.result(),
        Some(Result::win(0, "reached the far rank"))
    );
    assert!(reached.legal_moves().is_empty());
    assert_eq!(reached.count(1), 0);
    assert_eq!(reached.count(0), 1, "a finished position is still a leaf");
    // Reaching the far rank by taking the last piece: the far rank first.
    let both = RefGame::from_board("1P6/8/8/8/8/8/8/8", 'b');
    assert_eq!(both.result(), Some(Result::win(0, "reached the far rank")));
    // Black has no pieces left.
    let bare = RefGame::from_board("8/8/8/3P4/8/8/8/8", 'b');
    assert_eq!(bare.result(), Some(Result::win(0, "no pieces left")));
    // (No moves while a player has pieces cannot happen: the piece nearest
    // its far rank always has a diagonal step, to an empty square or onto
    // an enemy piece, as no own piece stands beyond it.)
    // White's piece on rank 8 only counts after White's move: with White to
    // move it is Black's far rank that is looked at.
    let black_reached = RefGame::from_board("8/8/8/8/8/8/1P6/p7", 'w');
    assert_eq!(
        black_reached.result(),
        Some(Result::win(1, "reached the far rank"))
    );
}

// The reference against the table, and lud against the reference.

#[test]
fn the_reference_recounts_the_perft_table() {
    let rows = table();
    assert!(rows.len() >= 5, "rows 1 to 5 at least: {rows:?}");
    for (depth, nodes, slow) in rows {
        if slow && cfg!(debug_assertions) {
            continue;
        }
        assert_eq!(RefGame::new().count(depth), nodes, "perft {depth}");
    }
}

#[test]
fn lud_counts_what_the_reference_counts_from_the_start() {
    let game = common::game("games/breakthrough.lud");
    let deepest = if cfg!(debug_assertions) { 4 } else { 6 };
    for depth in 1..=deepest {
        assert_eq!(
            lud::perft::perft(&game.start(), depth),
            RefGame::new().count(depth),
            "perft {depth}"
        );
    }
}

#[test]
#[ignore = "deep rows: run with `cargo test --release -- --ignored`"]
fn lud_counts_what_the_reference_counts_in_every_row() {
    let game = common::game("games/breakthrough.lud");
    for (depth, nodes, _) in table() {
        assert_eq!(RefGame::new().count(depth), nodes, "perft {depth}");
        assert_eq!(
            lud::perft::perft(&game.start(), depth),
            nodes,
            "perft {depth}"
        );
    }
}

#[test]
fn random_positions_agree_with_the_reference_to_depth_2() {
    differential::check_all(&setups(), 300);
}

#[test]
fn the_reference_counts_as_it_plays() {
    // The counter's bulk last level against the moves played one by one
    // (ref_core's perft through `Rules`).
    let g = RefGame::new();
    for depth in 0..=3 {
        assert_eq!(g.count(depth), Rules::perft(&g, depth), "perft {depth}");
    }
}
