//! `lud replay --pgn`, `lud replay --step`, and the words of `explain
//! --record`: run as a user runs them, the output snapshotted.

#[path = "support/cli_run.rs"]
mod cli_run;

use cli_run::{lud, play, scratch};

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
    // A record on the standard input (`-`) reads as the file does.
    let piped = lud(
        &["replay", "games/chess.lud", "-", "--pgn"],
        std::fs::read_to_string(OPERA).unwrap(),
    );
    assert_eq!(piped.stdout, r.stdout, "{}", piped.stderr);
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn a_file_of_records_over_a_megabyte_replays() {
    // As `lud match --records` writes a long match: the opera game 3,000
    // times over, over a megabyte.
    let opera = std::fs::read_to_string(OPERA).unwrap();
    let dir = scratch("many-records");
    let path = dir.join("many.pgn");
    std::fs::write(&path, format!("{opera}\n").repeat(3000)).unwrap();
    assert!(std::fs::metadata(&path).unwrap().len() > 1 << 20);
    let r = lud(&["replay", "games/chess.lud", path.to_str().unwrap()], "");
    assert_eq!(r.code, 0, "{}", r.stderr);
    assert!(r.stdout.contains("3000 records"), "{}", r.stdout);
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

#[test]
fn play_takes_san_in_chess_and_columns_in_connect_four() {
    let dir = scratch("typed");
    let rec = dir.join("chess.txt");
    let args = [
        "play",
        "games/chess.lud",
        "--white",
        "human",
        "--black",
        "human",
        "--record",
        rec.to_str().unwrap(),
    ];
    let r = lud(&args, "e4\ne5\nNf3\nNc6\nBb5\na6\nBxc6\ndxc6\n0-0\nquit\n");
    assert_eq!(r.code, 0, "{}", r.stderr);
    assert!(!r.stdout.contains("Refused"), "{}", r.stdout);
    let text = std::fs::read_to_string(&rec).unwrap();
    assert!(
        text.contains("1. e2e4 e7e5 2. g1f3 b8c6 3. f1b5 a7a6 4. b5c6 d7c6 5. e1g1"),
        "{text}"
    );
    let rec = dir.join("c4.txt");
    let args = [
        "play",
        "games/connect-four.lud",
        "--white",
        "human",
        "--black",
        "human",
        "--record",
        rec.to_str().unwrap(),
    ];
    let r = lud(&args, "d\nd\nc\nd1\ne1\nquit\n");
    assert_eq!(r.code, 0, "{}", r.stderr);
    assert!(
        r.stdout.contains("Refused: `d1` is not a move: a piece is put down with @ and a square, and none can go on d1 now"),
        "{}",
        r.stdout
    );
    assert!(
        r.stdout
            .contains("Refused: to put a piece on e1, write @e1.\n  or type the column alone: e"),
        "{}",
        r.stdout
    );
    let text = std::fs::read_to_string(&rec).unwrap();
    assert!(text.contains("1. @d1 @d2 2. @c1"), "{text}");
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn explain_stops_a_record_at_a_ply() {
    let r = lud(
        &[
            "explain",
            "games/chess.lud",
            "--record",
            OPERA,
            "--ply",
            "8",
            "Qxf3",
        ],
        "",
    );
    assert_eq!(r.code, 0, "{}{}", r.stdout, r.stderr);
    assert!(
        r.stdout
            .starts_with("After ply 8 of 33 of the record (4... g4f3).\nd1f3 is legal."),
        "{}",
        r.stdout
    );
    let r = lud(
        &[
            "explain",
            "games/chess.lud",
            "--record",
            OPERA,
            "--ply",
            "6",
            "Qxf3",
        ],
        "",
    );
    assert_eq!(r.code, 1);
    assert!(
        r.stdout
            .contains("Qxf3 is not legal: no Queen can move to f3."),
        "{}",
        r.stdout
    );
    let r = lud(
        &[
            "explain",
            "games/chess.lud",
            "--record",
            OPERA,
            "--ply",
            "0",
        ],
        "",
    );
    assert_eq!(r.code, 0, "{}", r.stderr);
    assert!(
        r.stdout.starts_with("White to move; 20 legal moves."),
        "{}",
        r.stdout
    );
    let r = lud(
        &[
            "explain",
            "games/chess.lud",
            "--record",
            OPERA,
            "--ply",
            "34",
        ],
        "",
    );
    assert_eq!(r.code, 1);
    assert_eq!(
        r.stderr,
        "error: --ply 34: the record has 33 plies; give 0 to 33\n"
    );
    let r = lud(&["explain", "games/chess.lud", "--ply", "3"], "");
    assert_eq!(r.code, 2, "--ply needs --record");
}

/// A PGN from a position with Black to move, resumed in `play`: the record
/// goes on numbered from Black's first move, in one notation (coordinates).
#[test]
fn a_pgn_from_a_position_resumes_numbered_and_in_coordinates() {
    let dir = scratch("resume-pgn");
    let pgn = dir.join("from-fen.pgn");
    std::fs::write(
        &pgn,
        "[SetUp \"1\"]\n[FEN \"4k3/8/8/8/8/8/4P3/4K3 b - - 0 4\"]\n\n4... Kd7 5. e4 *\n",
    )
    .unwrap();
    let saved = dir.join("saved.txt");
    let r = lud(
        &[
            "play",
            "games/chess.lud",
            "--white",
            "human",
            "--black",
            "human",
            "--resume",
            pgn.to_str().unwrap(),
            "--record",
            saved.to_str().unwrap(),
        ],
        "Kc6\nquit\n",
    );
    assert_eq!(r.code, 0, "{}", r.stderr);
    assert!(r.stdout.contains("after 2 plies"), "{}", r.stdout);
    let text = std::fs::read_to_string(&saved).unwrap();
    assert!(text.contains("4... e8d7 5. e2e4 d7c6 *"), "{text}");
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn a_turn_in_parts_is_numbered_once_and_a_put_piece_is_written_in_coordinates() {
    // Amazons: a queen's move and the arrow it then shoots are one turn;
    // the arrow is put, the queen stays, so SAN (a piece moving) cannot
    // say it.
    let dir = scratch("parts-pgn");
    let record = dir.join("amazons.txt");
    std::fs::write(
        &record,
        "[Game \"Game of the Amazons\"]\n[Result \"*\"]\n\n1. d1d5 d5b7 1... d10c9 c9c1 *\n",
    )
    .unwrap();
    let record = record.to_str().unwrap();
    let pgn = lud(&["replay", "--pgn", "games/amazons.lud", record], "");
    assert_eq!(pgn.code, 0, "{}", pgn.stderr);
    assert!(
        pgn.stdout.ends_with("\n1. Qd5 d5b7 1... Qdc9 c9c1 *\n"),
        "{}",
        pgn.stdout
    );
    // The PGN replays to where the record does.
    let again = dir.join("amazons.pgn");
    std::fs::write(&again, &pgn.stdout).unwrap();
    let from_pgn = lud(
        &["replay", "games/amazons.lud", again.to_str().unwrap()],
        "",
    );
    let from_record = lud(&["replay", "games/amazons.lud", record], "");
    assert_eq!(from_pgn.code, 0, "{}", from_pgn.stderr);
    assert_eq!(from_pgn.stdout, from_record.stdout);
    // A PGN written before put moves kept their coordinates (the arrow as
    // the queen's letter and its square) still replays there.
    let old = dir.join("old.pgn");
    std::fs::write(&old, "[Result \"*\"]\n\n1. Qd5 Qb7 1... Qdc9 Qc1 *\n").unwrap();
    let from_old = lud(&["replay", "games/amazons.lud", old.to_str().unwrap()], "");
    assert_eq!(from_old.code, 0, "{}", from_old.stderr);
    assert_eq!(from_old.stdout, from_record.stdout);
    // Resumed halfway through Black's second turn, the game goes on
    // numbered as its record numbers it.
    let half = dir.join("half.txt");
    std::fs::write(
        &half,
        "[Game \"Game of the Amazons\"]\n[Result \"*\"]\n\n1. d1d5 d5b7 1... d10c9 c9c1 2. g1g3 g3g2 2... j7j8 *\n",
    )
    .unwrap();
    let saved = dir.join("saved.txt");
    let resumed = lud(
        &[
            "play",
            "games/amazons.lud",
            "--white",
            "human",
            "--black",
            "human",
            "--resume",
            half.to_str().unwrap(),
            "--record",
            saved.to_str().unwrap(),
        ],
        "j8j9\nquit\n",
    );
    assert_eq!(resumed.code, 0, "{}", resumed.stderr);
    for said in [
        "2... Black goes on (e.g. ",
        "2... Black plays j8j9",
        "3. White to move (e.g. ",
    ] {
        assert!(
            resumed.stdout.contains(said),
            "no {said:?} in:\n{}",
            resumed.stdout
        );
    }
    let text = std::fs::read_to_string(&saved).unwrap();
    assert!(text.contains("2. g1g3 g3g2 2... j7j8 j8j9 *"), "{text}");
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn playing_a_turn_in_parts_says_what_the_part_asks_and_numbers_the_turn_once() {
    let r = lud(
        &play("games/amazons.lud", "human", "random", &[]),
        "d1d5\nd5b7\nquit\n",
    );
    assert_eq!(r.code, 0, "{}", r.stderr);
    for said in [
        "1. White plays Qd5 (d1d5)",
        "White's turn goes on with the Queen on d5: it slides any number of squares",
        "a new Arrow is put where the move lands.",
        "1. White goes on (e.g. ",
        "1. White plays d5b7",
        "1... Black plays ",
        "2. White to move (e.g. ",
    ] {
        assert!(r.stdout.contains(said), "no {said:?} in:\n{}", r.stdout);
    }
    assert!(!r.stdout.contains("2... Black"), "{}", r.stdout);
}
