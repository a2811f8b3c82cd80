//! Progress of the long commands (`perft`, `bench`) when stderr is a pipe,
//! as under any test runner, a script or CI: none at all, and stdout the
//! same as with `--quiet`. Each run here lasts long enough for the bar to
//! be drawn on a terminal (`tests/progress_tty.rs` sees it there).

#[path = "support/cli_run.rs"]
mod cli_run;

use cli_run::{lud, Run};

/// What progress on a terminal would leave on stderr: carriage returns,
/// escape sequences, the bar's words.
fn assert_no_progress(r: &Run) {
    assert_eq!(r.code, 0, "{}: {}", r.line, r.stderr);
    for mark in ["\r", "\u{1b}", "root moves", "games,", "ETA", "[="] {
        assert!(
            !r.stderr.contains(mark),
            "{}: {mark:?} on stderr:\n{}",
            r.line,
            r.stderr
        );
    }
}

/// The one line a count leaves on stderr: its nodes, time and speed.
fn assert_summary_only(r: &Run, depth: u32, nodes: u64) {
    let lines: Vec<&str> = r.stderr.lines().collect();
    assert_eq!(lines.len(), 1, "{}: {}", r.line, r.stderr);
    let start = format!("depth {depth}: {nodes} nodes in ");
    assert!(lines[0].starts_with(&start), "{}: {}", r.line, r.stderr);
    assert!(
        lines[0].ends_with(" M nodes/s)"),
        "{}: {}",
        r.line,
        r.stderr
    );
}

#[test]
fn perft_divide_to_a_pipe_prints_the_counts_and_no_progress() {
    let r = lud(&["perft", "games/chess.lud", "5", "--divide"], "");
    assert_no_progress(&r);
    assert_summary_only(&r, 5, 4_865_609);
    let lines: Vec<&str> = r.stdout.lines().collect();
    assert_eq!(lines.len(), 22, "{}", r.stdout);
    let sum: u64 = lines[..20]
        .iter()
        .map(|l| {
            l.split_once(": ")
                .expect("MOVE: COUNT")
                .1
                .parse::<u64>()
                .unwrap()
        })
        .sum();
    assert_eq!(sum, 4_865_609);
    assert!(
        r.stdout.ends_with("\nh2h4: 218829\n\n4865609\n"),
        "{}",
        r.stdout
    );
    let quiet = lud(
        &["perft", "games/chess.lud", "5", "--divide", "--quiet"],
        "",
    );
    assert_no_progress(&quiet);
    assert_eq!(quiet.stdout, r.stdout);
}

#[test]
fn perft_on_threads_to_a_pipe_prints_the_count_and_no_progress() {
    for threads in ["1", "2"] {
        let r = lud(&["perft", "games/chess.lud", "5", "--threads", threads], "");
        assert_no_progress(&r);
        assert_summary_only(&r, 5, 4_865_609);
        assert_eq!(r.stdout, "4865609\n");
    }
}

#[test]
fn bench_to_a_pipe_prints_the_table_and_no_progress() {
    let args = ["bench", "games/chess.lud", "--games", "400"];
    let r = lud(&args, "");
    assert_no_progress(&r);
    assert_eq!(r.stderr, "");
    assert!(
        r.stdout.starts_with("game          Chess\n"),
        "{}",
        r.stdout
    );
    let quiet = lud(&[&args[..], &["--quiet"]].concat(), "");
    assert_eq!(quiet.stderr, "");
    // The same games (the same seed); only the times differ.
    let results = |r: &Run| {
        r.stdout
            .lines()
            .filter(|l| l.starts_with("playouts ") || l.starts_with("results "))
            .map(str::to_string)
            .collect::<Vec<_>>()
    };
    assert_eq!(results(&quiet), results(&r));
    let json = lud(&[&args[..], &["--json"]].concat(), "");
    assert_no_progress(&json);
    assert_eq!(json.stderr, "");
}
