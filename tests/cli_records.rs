//! `lud replay --pgn`, `lud replay --step`, and the words of `explain
//! --record`: run as a user runs them, the output snapshotted.

#[path = "support/cli_run.rs"]
mod cli_run;

use cli_run::{lud, scratch};

macro_rules! snap {
    ($name:expr, $value:expr) => {
        insta::with_settings!({omit_expression => true, prepend_module_to_snapshot => false}, {
            insta::assert_snapshot!($name, $value);
        });
    };
}

const OPERA: &str = "tests/fixtures/records/opera.pgn";

#[test]
fn replay_reads_pgn_and_writes_it() {
    let r = lud(&["replay", "games/chess.lud", OPERA], "");
    assert_eq!(r.code, 0, "{}", r.stderr);
    assert!(
        r.stdout
            .ends_with("1n1Rkb1r/p4ppp/4q3/4p1B1/4P3/8/PPP2PPP/2K5 b k - 1 17\n"),
        "{}",
        r.stdout
    );
    let r = lud(&["replay", "games/chess.lud", OPERA, "--pgn"], "");
    assert_eq!(r.code, 0, "{}", r.stderr);
    snap!("cli_replay_pgn", r.stdout);
    // What it writes reads back to the same end.
    let dir = scratch("pgn");
    let path = dir.join("again.pgn");
    std::fs::write(&path, &r.stdout).unwrap();
    let again = lud(
        &["replay", "games/chess.lud", path.to_str().unwrap(), "--pgn"],
        "",
    );
    assert_eq!(again.stdout, r.stdout);
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn replay_steps_through_a_record_ply_by_ply() {
    let dir = scratch("step");
    let path = dir.join("short.txt");
    std::fs::write(
        &path,
        "[Game \"Chess\"]\n[Position \"4k3/8/8/8/8/8/4P3/4K3 w - - 0 12\"]\n\n12. e2e4 e8d7 *\n",
    )
    .unwrap();
    // Standard input is not a terminal: every position is printed.
    let r = lud(
        &[
            "replay",
            "games/chess.lud",
            path.to_str().unwrap(),
            "--step",
        ],
        "",
    );
    assert_eq!(r.code, 0, "{}", r.stderr);
    snap!("cli_replay_step", r.stdout);
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn replay_names_a_bad_move_by_ply_and_move() {
    let dir = scratch("badply");
    let path = dir.join("bad.txt");
    std::fs::write(&path, "[Game \"Chess\"]\n\n1. e4 e5 2. Ke3\n").unwrap();
    let r = lud(&["replay", "games/chess.lud", path.to_str().unwrap()], "");
    assert_eq!(r.code, 1);
    assert!(
        r.stderr
            .contains("ply 3 (2. Ke3) cannot be played: Ke3: no King can move to e3"),
        "{}",
        r.stderr
    );
    let r = lud(
        &[
            "explain",
            "games/chess.lud",
            "--record",
            path.to_str().unwrap(),
        ],
        "",
    );
    assert_eq!(r.code, 1);
    assert!(
        r.stderr
            .contains("error: ply 3 (2. Ke3) cannot be played: Ke3: no King can move to e3"),
        "{}",
        r.stderr
    );
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn explain_reads_san_and_columns() {
    let r = lud(&["explain", "games/chess.lud", "Nf3"], "");
    assert_eq!(r.code, 0, "{}", r.stderr);
    assert!(r.stdout.starts_with("g1f3 is legal."), "{}", r.stdout);
    let r = lud(&["explain", "games/chess.lud", "Nf4"], "");
    assert_eq!(r.code, 1);
    assert!(
        r.stdout
            .starts_with("Nf4 is not legal: no Knight can move to f4.\n"),
        "{}",
        r.stdout
    );
    let r = lud(&["explain", "games/connect-four.lud", "d"], "");
    assert_eq!(r.code, 0, "{}", r.stderr);
    assert!(r.stdout.starts_with("@d1 is legal."), "{}", r.stdout);
}
