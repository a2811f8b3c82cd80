//! Nīlakaṇṭha's Intellectual Game against an independent reference:
//! `tests/support/nilakantha_ref.rs`, a plain move generator written from
//! RULES.md alone (NI-1 .. NI-12). Positions from seeded random games under
//! every option value are compared to depth 2 (perft 2 and every move list:
//! `tests/support/differential.rs`), perft from the start is recounted by the
//! reference, and the positions where `lud` was found wrong are kept as
//! regression tests named for their rule.

#[path = "support/common.rs"]
mod common;
#[path = "support/differential.rs"]
mod differential;
#[path = "support/nilakantha_ref.rs"]
mod nilakantha_ref;
#[path = "support/ref_core.rs"]
mod ref_core;

use differential::Setup;
use nilakantha_ref::{KingFile, Options, RefGame, SetupPawn, Transpose};
use ref_core::Rules;

/// Options as `lud` takes them, and the reference's options for the same
/// game.
fn configs() -> Vec<(Vec<(&'static str, &'static str)>, Options)> {
    let d = Options::default();
    let mut v = vec![
        (vec![], d),
        (
            vec![("king-file", "d")],
            Options {
                king_file: KingFile::D,
                ..d
            },
        ),
    ];
    // NI-4: each transposition with each king file (the swaps depend on it).
    for (kf, king_file) in [("e", KingFile::E), ("d", KingFile::D)] {
        for (t, transpose) in [("a-file", Transpose::AFile), ("h-file", Transpose::HFile)] {
            v.push((
                vec![("king-file", kf), ("transpose", t)],
                Options {
                    king_file,
                    transpose,
                    ..d
                },
            ));
        }
    }
    // NI-5: every fixed pawn; the centre pawn with each king file.
    for (kf, king_file) in [("e", KingFile::E), ("d", KingFile::D)] {
        v.push((
            vec![("king-file", kf), ("setup-pawn", "centre")],
            Options {
                king_file,
                setup_pawn: SetupPawn::Centre,
                ..d
            },
        ));
    }
    for (name, file) in [("a", 0), ("b", 1), ("c", 2), ("f", 5), ("g", 6), ("h", 7)] {
        v.push((
            vec![("setup-pawn", name)],
            Options {
                setup_pawn: SetupPawn::File(file),
                ..d
            },
        ));
    }
    v
}

fn setups() -> Vec<Setup<RefGame>> {
    configs()
        .into_iter()
        .map(|(options, o)| Setup {
            label: format!("Nilakantha {options:?}"),
            game: common::game_with("games/nilakantha.lud", None, &options),
            start: RefGame::new(o),
        })
        .collect()
}

#[test]
fn random_positions_agree_with_the_reference_to_depth_2() {
    differential::check_all(&setups(), 8);
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

/// Both trees of depth 2 of a position string of the default game; their
/// perft 2.
fn same_tree(text: &str) -> u64 {
    let g = common::game_with("games/nilakantha.lud", None, &[]);
    differential::assert_same_tree(&g, text, &RefGame::from_fen(text))
}

// NI-8: the pawn promoting on c1 goes back to b7 as a Counsellor, which
// checks the King on c6: White must answer the check (issue 15's example).
#[test]
fn ni_8_a_counsellor_sent_back_to_the_start_square_gives_check() {
    let text = "8/8/2K5/8/8/2Q1B1k1/2p5/8 b - - 0 178 origin=c2:b7,c3:b2,e3:c1,g3:e8,c6:e1";
    let r = RefGame::from_fen(text);
    let mut after = r.clone();
    assert!(after.play("c2c1q"));
    assert_eq!(after.piece_on("b7"), Some(('q', "b7".to_string())));
    assert_eq!(after.legal_moves().len(), 8, "{:?}", after.legal_moves());
    same_tree(text);
    // The same after a game's own moves, not only from a position string.
    let g = common::game_with("games/nilakantha.lud", None, &[]);
    let mut p = common::pos(&g, text);
    common::play(&mut p, "c2c1q");
    assert!(p.in_check(), "the Counsellor on b7 checks the King on c6");
    assert_eq!(common::legal(&p), after.legal_moves());
}

// NI-8 and G-1: taking on g8 and going back to f2 leaves g8 empty, and the
// Rook on h8 then attacks the King on b8 along the last rank.
#[test]
fn ni_8_a_promotion_that_empties_the_promotion_square_may_not_expose_the_king() {
    let text = "1K4br/5P2/8/8/8/8/8/k7 w - - 0 1 origin=f7:f2";
    let r = RefGame::from_fen(text);
    assert_eq!(
        r.legal_moves(),
        ["b8a7", "b8a8", "b8b7", "b8c7", "b8c8", "f7f8q"]
    );
    assert_eq!(same_tree(text), 66);
}
