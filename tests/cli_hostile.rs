//! The command line under hostile input (issue 15): devices, FIFOs and huge
//! files as input, closed pipes as output, absurd numbers on the command
//! line, endless or broken typed input, Ctrl-C and internal errors in the
//! middle of a game, records that lie. Each test is named for what it
//! guards. Every run has a hang guard (it is killed and the test fails after
//! 30 s); nothing here measures speed. Hostile input is made in code.

#[path = "support/cli_run.rs"]
mod cli_run;

use std::io::Write;
use std::path::Path;
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use cli_run::{
    assert_ok, assert_refused, assert_replays, closed, collect, command, lud, lud_with, play,
    random_game, run, scratch, text, wait, Run, HANG,
};

fn no_panic(r: &Run, what: &str) {
    assert!(
        !r.stderr.contains("panicked") && !r.stderr.contains("RUST_BACKTRACE"),
        "{what}: {}",
        r.stderr
    );
}

// ------------------------------------------------------------------ input

#[cfg(unix)]
#[test]
fn a_device_as_game_file_record_or_fmt_input_is_refused_unread() {
    for dev in ["/dev/zero", "/dev/urandom"] {
        if !Path::new(dev).exists() {
            continue;
        }
        for args in [
            vec!["check", dev],
            vec!["show", dev],
            vec!["fmt", dev],
            vec!["fmt", "--check", dev],
            vec!["replay", "games/shatranj.lud", dev],
            vec!["explain", "games/shatranj.lud", "--record", dev],
            vec!["play", "games/shatranj.lud", "--resume", dev],
        ] {
            let r = lud(&args, b"");
            assert_refused(&r, 1, "it is a character device, not a regular file");
            no_panic(&r, dev);
        }
    }
}

#[cfg(unix)]
#[test]
fn a_fifo_without_a_writer_is_refused_without_blocking() {
    let dir = scratch("fifo");
    let fifo = dir.join("pipe.lud");
    let Ok(status) = Command::new("mkfifo").arg(&fifo).status() else {
        eprintln!("mkfifo is not here: skipped");
        return;
    };
    assert!(status.success());
    let f = fifo.to_str().unwrap();
    for args in [
        vec!["check", f],
        vec!["fmt", f],
        vec!["replay", "games/shatranj.lud", f],
        vec!["play", "games/shatranj.lud", "--resume", f],
    ] {
        let r = lud(&args, b"");
        assert_refused(&r, 1, "it is a FIFO (named pipe), not a regular file");
    }
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn a_directory_as_input_is_refused() {
    for args in [
        vec!["check", "games"],
        vec!["replay", "games/shatranj.lud", "games"],
    ] {
        assert_refused(&lud(&args, b""), 1, "it is a directory");
    }
}

#[test]
fn a_game_file_or_record_over_the_limit_is_refused() {
    let dir = scratch("big");
    let big = dir.join("big.lud");
    std::fs::write(&big, vec![b' '; 3 << 20]).unwrap();
    let big = big.to_str().unwrap();
    let r = lud(&["check", big], b"");
    assert_refused(
        &r,
        1,
        "the file is 3145728 bytes, more than the 1048576 bytes",
    );
    // A file of records holds many games: it is read to 64 MiB.
    let huge = dir.join("huge.txt");
    std::fs::write(&huge, vec![b' '; (64 << 20) + 1]).unwrap();
    let r = lud(
        &["replay", "games/shatranj.lud", huge.to_str().unwrap()],
        b"",
    );
    assert_refused(&r, 1, "more than the 67108864 bytes");
    std::fs::remove_dir_all(&dir).ok();
}

// ----------------------------------------------------------------- output

/// Every command, its stdout closed before it writes: it ends with its usual
/// exit code, no panic and no message about the pipe.
#[test]
fn a_closed_stdout_ends_every_command_quietly() {
    let dir = scratch("pipe");
    let rec = dir.join("game.txt");
    let rec = rec.to_str().unwrap();
    let args = random_game(
        "games/shatranj.lud",
        &["--max-plies", "20", "--record", rec],
    );
    assert_ok(&lud(&args, b""));
    let results = dir.join("results.jsonl");
    let results = results.to_str().unwrap();
    assert_ok(&lud(
        &[
            "selfplay",
            "games/connect-four.lud",
            "-n",
            "20",
            "--out",
            results,
        ],
        b"",
    ));
    let unformatted = dir.join("unformatted.lud");
    std::fs::write(&unformatted, "(game \"x\"\n  (players 2))\n").unwrap();
    let unformatted = unformatted.to_str().unwrap();
    let cases: Vec<(Vec<&str>, i32)> = vec![
        (vec!["check", "games/chess.lud"], 0),
        (
            vec![
                "check",
                "--format",
                "json",
                "tests/fixtures/bad/lint-unused_region.lud",
            ],
            1,
        ),
        (vec!["perft", "games/chess.lud", "3"], 0),
        (vec!["perft", "games/chess.lud", "4", "--divide"], 0),
        (vec!["perft", "games/chess.lud", "4", "--threads", "2"], 0),
        (vec!["bench", "games/chess.lud", "--games", "10"], 0),
        (
            vec!["bench", "games/chess.lud", "--games", "10", "--json"],
            0,
        ),
        (random_game("games/chess.lud", &[]), 0),
        (vec!["play", "games/shatranj.lud", "--white", "human"], 0),
        (vec!["show", "games/chess.lud"], 0),
        (vec!["describe", "games/chess.lud"], 0),
        (vec!["graph", "games/chess.lud"], 0),
        (vec!["graph", "games/chess.lud", "--text"], 0),
        (vec!["explain", "games/chess.lud"], 0),
        (vec!["explain", "games/chess.lud", "e2e4"], 0),
        (vec!["replay", "games/shatranj.lud", rec], 0),
        (vec!["doc"], 0),
        (
            vec!["selfplay", "games/chess.lud", "-n", "100000", "--out", "-"],
            0,
        ),
        (vec!["selfplay", "games/chess.lud", "-n", "20"], 0),
        (vec!["analyze", results], 0),
        (vec!["analyze", results, "--json"], 0),
        (vec!["fmt", "--check", unformatted], 1),
    ];
    for (args, code) in cases {
        let mut child = command(&args)
            .stdin(Stdio::null())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .expect("lud runs");
        drop(child.stdout.take()); // the reader is gone before lud writes
        let err = collect(child.stderr.take().unwrap());
        let got = wait(child, &args.join(" "));
        closed(&err);
        let stderr = text(&err);
        assert_eq!(got, code, "{args:?}: {stderr}");
        assert!(!stderr.contains("panicked"), "{args:?}: {stderr}");
        assert!(!stderr.contains("Broken pipe"), "{args:?}: {stderr}");
    }
    std::fs::remove_dir_all(&dir).ok();
}

#[cfg(target_os = "linux")]
#[test]
fn output_that_cannot_be_written_is_an_error() {
    let Ok(full) = std::fs::File::create("/dev/full") else {
        return;
    };
    let mut child = command(&["doc"])
        .stdout(Stdio::from(full))
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let err = collect(child.stderr.take().unwrap());
    assert_eq!(wait(child, "doc > /dev/full"), 1);
    closed(&err);
    let stderr = text(&err);
    assert!(
        stderr.contains("error: cannot write the output"),
        "{stderr}"
    );
    assert!(!stderr.contains("panicked"), "{stderr}");
}

// ---------------------------------------------------------- command line

#[test]
fn too_many_threads_is_a_usage_error() {
    for args in [
        vec!["perft", "games/chess.lud", "3", "--threads", "100000"],
        vec![
            "bench",
            "games/chess.lud",
            "--games",
            "1",
            "--threads",
            "100000",
        ],
    ] {
        let r = lud(&args, b"");
        assert_refused(&r, 2, "--threads 100000 is more than the");
        assert!(r.stderr.contains("help: at most 4 threads per core"));
    }
}

#[test]
fn perft_depth_and_bench_cap_are_bounded_before_anything_is_allocated() {
    let r = lud(&["perft", "games/chess.lud", "4294967295"], b"");
    assert_refused(&r, 2, "error: perft depth 4294967295 is more than 10000");
    let r = lud(&["bench", "games/chess.lud", "--cap", "4294967295"], b"");
    assert_refused(&r, 2, "error: --cap 4294967295 is more than 100000 plies");
    // The largest cap is taken, and reserves nothing for it up front.
    let r = lud(
        &[
            "bench",
            "games/connect-four.lud",
            "--games",
            "3",
            "--cap",
            "100000",
            "--json",
        ],
        b"",
    );
    assert_ok(&r);
    assert!(r.stdout.contains("\"cap_plies\":100000"), "{}", r.stdout);
}

#[test]
fn perft_of_a_deep_narrow_game_does_not_overflow_the_stack() {
    for file in [
        "tests/fixtures/cli/shuttle.lud",
        "tests/fixtures/cli/shuttle-large.lud",
    ] {
        for threads in ["1", "2"] {
            let r = lud(&["perft", file, "3000", "--threads", threads], b"");
            assert_ok(&r);
            assert_eq!(r.stdout, "1\n", "{file}");
        }
        let r = lud(&["perft", file, "3000", "--divide"], b"");
        assert_ok(&r);
        assert_eq!(r.stdout, "a1a2: 1\n\n1\n");
    }
}

/// A count that will not end soon writes no progress when stderr is not a
/// terminal (the bar is for people; `tests/progress_tty.rs` sees it on a
/// terminal within a second): nothing on stderr in 2.5 s (it is stopped
/// then).
#[test]
fn a_long_perft_writes_no_progress_to_a_pipe() {
    let mut child = command(&["perft", "games/chess.lud", "9"])
        .stdin(Stdio::null())
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let err = collect(child.stderr.take().unwrap());
    std::thread::sleep(Duration::from_millis(2500));
    let _ = child.kill();
    let _ = child.wait();
    closed(&err);
    assert_eq!(text(&err), "");
}

#[test]
fn a_position_that_starts_with_a_hyphen_is_taken_as_the_value() {
    let r = lud(
        &["perft", "games/chess.lud", "1", "--position", "- w - - 0 1"],
        b"",
    );
    assert_refused(&r, 1, "lud::position::invalid");
    assert!(!r.stderr.contains("tip:"), "{}", r.stderr);
}

// ------------------------------------------------------------------- play

fn human_vs_random<'a>(extra: &[&'a str]) -> Vec<&'a str> {
    let mut args = play("games/shatranj.lud", "human", "random", &["--seed", "3"]);
    args.extend_from_slice(extra);
    args
}

#[test]
fn play_at_the_end_of_input_prints_and_writes_the_record() {
    let dir = scratch("eof");
    let rec = dir.join("game.txt");
    let args = human_vs_random(&["--record", rec.to_str().unwrap()]);
    let r = lud(&args, b"e2e3\n");
    assert_ok(&r);
    assert!(r.stdout.contains("White stops the game (end of input)."));
    assert!(r.stdout.contains("Result: unfinished (*)"), "{}", r.stdout);
    let saved = std::fs::read_to_string(&rec).unwrap();
    assert!(saved.contains("1. e2e3 "), "{saved}");
    assert!(saved.contains("[Result \"*\"]"), "{saved}");
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn play_asks_again_after_a_line_of_invalid_utf8() {
    let r = lud(
        &human_vs_random(&[]),
        b"\xff\xfe typed in Latin-1\ne2e3\nquit\n",
    );
    assert_ok(&r);
    assert!(
        r.stdout
            .contains("Refused: that line is not UTF-8 text; type a move such as"),
        "{}",
        r.stdout
    );
    assert!(r.stdout.contains("White plays e3 (e2e3)"), "{}", r.stdout);
    assert!(r.stdout.contains("White stops the game."), "{}", r.stdout);
}

#[test]
fn play_refuses_a_huge_typed_line_without_echoing_it() {
    let mut input = vec![b'x'; 10 << 20];
    input.extend_from_slice(b"\ne2e3\nquit\n");
    let r = lud(&human_vs_random(&[]), &input);
    assert_ok(&r);
    assert!(
        r.stdout.contains("Refused: a line of more than 1024 bytes"),
        "{}",
        r.stdout
    );
    assert!(r.stdout.contains("White plays e3 (e2e3)"));
    assert!(r.stdout.len() < 20_000, "{} bytes echoed", r.stdout.len());
}

#[cfg(unix)]
#[test]
fn play_on_endless_input_stops_with_the_record_in_bounded_memory() {
    for dev in ["/dev/zero", "/dev/urandom"] {
        let Ok(f) = std::fs::File::open(dev) else {
            continue;
        };
        let args = human_vs_random(&[]);
        let r = lud_with(&args, Stdio::from(f), None);
        assert_eq!(r.code, 1, "{dev}: {}", r.stderr);
        assert!(r.stdout.contains("[Result \"*\"]"), "{dev}: {}", r.stdout);
        assert!(r.stderr.starts_with("error: "), "{dev}: {}", r.stderr);
        assert!(r.stdout.len() < 100_000, "{dev}: {} bytes", r.stdout.len());
    }
}

/// Ctrl-C in the middle of a game: the record is printed and written, and
/// the exit code is a shell's for SIGINT.
#[cfg(unix)]
#[test]
fn play_saves_the_record_on_ctrl_c() {
    play_saves_the_record_on_a_signal("INT", "ctrlc");
}

/// SIGTERM, and SIGHUP (the terminal closed), in the middle of a game: the
/// record is printed and written, as on Ctrl-C.
#[cfg(unix)]
#[test]
fn play_saves_the_record_when_terminated_or_its_terminal_closes() {
    play_saves_the_record_on_a_signal("TERM", "sigterm");
    play_saves_the_record_on_a_signal("HUP", "sighup");
}

/// Sends `signal` (as `kill -SIGNAL` names it) to a game after its first
/// turn; the record must be printed and written.
#[cfg(unix)]
fn play_saves_the_record_on_a_signal(signal: &str, name: &str) {
    let dir = scratch(name);
    let rec = dir.join("game.txt");
    let args = human_vs_random(&["--record", rec.to_str().unwrap()]);
    let mut child = command(&args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let out = collect(child.stdout.take().unwrap());
    let _err = collect(child.stderr.take().unwrap());
    let mut stdin = child.stdin.take().unwrap();
    stdin.write_all(b"e2e3\n").unwrap();
    // Wait for the second question, after Black's reply.
    let t = Instant::now();
    while text(&out).matches("White to move (").count() < 2 {
        assert!(t.elapsed() < HANG, "no second prompt: {}", text(&out));
        std::thread::sleep(Duration::from_millis(20));
    }
    let pid = child.id().to_string();
    let Ok(status) = Command::new("kill")
        .args([format!("-{signal}"), pid])
        .status()
    else {
        eprintln!("no `kill` command: skipped");
        let _ = child.kill();
        let _ = child.wait();
        return;
    };
    assert!(status.success());
    let code = wait(child, &format!("play, then SIG{signal}"));
    drop(stdin);
    closed(&out);
    let stdout = text(&out);
    assert_eq!(code, 130, "{stdout}");
    assert!(
        stdout.contains("The game is interrupted (Ctrl-C, or the terminal closed)."),
        "{stdout}"
    );
    assert!(stdout.contains("Result: unfinished (*)"), "{stdout}");
    let saved = std::fs::read_to_string(&rec).expect("the record is written");
    assert!(saved.contains("1. e2e3 "), "{saved}");
    assert_replays("games/shatranj.lud", rec.to_str().unwrap());
    std::fs::remove_dir_all(&dir).ok();
}

/// A panic in the middle of a game (injected, in debug builds only, where
/// the engine would panic): the game so far is printed and written.
#[test]
fn play_saves_the_record_after_an_internal_error() {
    // The binary is built with the tests' profile: no panic to inject in
    // a release build (`cargo test --release`).
    if !cfg!(debug_assertions) {
        eprintln!("skipped: lud injects the panic only in debug builds");
        return;
    }
    let dir = scratch("panic");
    let rec = dir.join("game.txt");
    let mut c = command(&random_game(
        "games/shatranj.lud",
        &["--record", rec.to_str().unwrap()],
    ));
    c.env("LUD_TEST_PANIC_AT_PLY", "4");
    let Run {
        code,
        stdout,
        stderr,
        ..
    } = run(c, Stdio::null(), None);
    assert_ne!(code, 0, "{stderr}");
    assert!(stderr.contains("a panic injected at ply 4"), "{stderr}");
    assert!(
        stderr.contains("error: lud stopped on an internal error; the game so far is kept"),
        "{stderr}"
    );
    assert!(stdout.contains("Result: unfinished (*)"), "{stdout}");
    let saved = std::fs::read_to_string(&rec).expect("the record is written");
    let moves = saved.lines().last().unwrap();
    assert_eq!(moves.split_whitespace().count(), 7, "4 moves: {saved}");
    std::fs::remove_dir_all(&dir).ok();
}

// ----------------------------------------------------------------- resume

const REPEATING: &str =
    "[Game \"Shatranj\"]\n[White \"human\"]\n[Black \"human\"]\n[Result \"*\"]\n\n\
    1. g1f3 g8f6 2. f3g1 f6g8 3. g1f3 g8f6 4. f3g1 *\n";

/// The record's last position has stood twice; Black's knight back to g8
/// makes the start stand a third time. Resumed, the game ends there by
/// repetition; from the same position without its history, it goes on.
#[test]
fn play_resume_keeps_the_history_so_a_third_repetition_ends_the_game() {
    let dir = scratch("resume");
    let rec = dir.join("saved.txt");
    std::fs::write(&rec, REPEATING).unwrap();
    let out = dir.join("after.txt");
    let both_human = ["--white", "human", "--black", "human"];
    let mut args = vec![
        "play",
        "games/shatranj.lud",
        "--resume",
        rec.to_str().unwrap(),
    ];
    args.extend(both_human);
    args.extend(["--record", out.to_str().unwrap()]);
    let r = lud(&args, b"f6g8\n");
    assert_ok(&r);
    assert!(r.stdout.contains("after 7 plies"), "{}", r.stdout);
    assert!(
        r.stdout.contains("Result: Draw by repetition (1/2-1/2)"),
        "{}",
        r.stdout
    );
    let saved = std::fs::read_to_string(&out).unwrap();
    assert!(
        saved.contains("1. g1f3 g8f6 2. f3g1 f6g8 3. g1f3 g8f6 4. f3g1 f6g8 1/2-1/2"),
        "{saved}"
    );
    // The whole game replays, and ends as the record says.
    assert_replays("games/shatranj.lud", out.to_str().unwrap());
    // The same position without its history: no repetition yet.
    let replayed = lud(
        &["replay", "games/shatranj.lud", rec.to_str().unwrap()],
        b"",
    );
    let position = replayed.stdout.lines().last().unwrap().to_string();
    let mut args = vec!["play", "games/shatranj.lud", "--position", &position];
    args.extend(both_human);
    let r = lud(&args, b"f6g8\n");
    assert!(r.stdout.contains("Black plays Ng8 (f6g8)"), "{}", r.stdout);
    assert!(r.stdout.contains("Result: unfinished (*)"), "{}", r.stdout);
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn play_resume_keeps_the_ruleset_options_and_tags_of_the_record() {
    let dir = scratch("resume-rules");
    let rec = dir.join("saved.txt");
    let rec = rec.to_str().unwrap();
    let first = [
        "--ruleset",
        "Shastree",
        "--option",
        "opening-moves=0",
        "--max-plies",
        "4",
        "--record",
        rec,
    ];
    assert_ok(&lud(&random_game("games/parsi-chess.lud", &first), b""));
    let mut text = std::fs::read_to_string(rec).unwrap();
    text = text.replacen("[Game ", "[Event \"Club night\"]\n[Game ", 1);
    std::fs::write(rec, text).unwrap();
    let resumed = ["--resume", rec, "--max-plies", "8", "--record", rec];
    assert_ok(&lud(&random_game("games/parsi-chess.lud", &resumed), b""));
    let saved = std::fs::read_to_string(rec).unwrap();
    for tag in [
        "[Event \"Club night\"]",
        "[Ruleset \"Shastree\"]",
        "[Options \"opening-moves=0\"]",
        "[Termination \"move limit\"]",
    ] {
        assert!(saved.contains(tag), "{tag}: {saved}");
    }
    let moves = saved.lines().last().unwrap();
    assert_eq!(moves.split_whitespace().count(), 13, "8 plies: {saved}");
    assert_replays("games/parsi-chess.lud", rec);
    std::fs::remove_dir_all(&dir).ok();
}

// -------------------------------------------------------------------- fmt

#[cfg(unix)]
#[test]
fn fmt_rewrites_atomically_and_keeps_permissions() {
    use std::os::unix::fs::PermissionsExt;
    let dir = scratch("fmt");
    let file = dir.join("game.lud");
    let original = std::fs::read_to_string("tests/fixtures/cli/shuttle.lud")
        .unwrap()
        .replace("    ", "  ");
    std::fs::write(&file, &original).unwrap();
    std::fs::set_permissions(&file, std::fs::Permissions::from_mode(0o640)).unwrap();
    let link = dir.join("link.lud");
    std::os::unix::fs::symlink(&file, &link).unwrap();
    let r = lud(&["fmt", link.to_str().unwrap()], b"");
    assert_ok(&r);
    let meta = std::fs::metadata(&file).unwrap();
    assert_eq!(meta.permissions().mode() & 0o777, 0o640);
    assert!(std::fs::symlink_metadata(&link)
        .unwrap()
        .file_type()
        .is_symlink());
    let formatted = std::fs::read_to_string(&file).unwrap();
    assert_ne!(formatted, original);
    assert!(lud(&["fmt", "--check", file.to_str().unwrap()], b"").code == 0);
    let left: Vec<_> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    assert_eq!(left.len(), 2, "no temporary file is left: {left:?}");
    std::fs::remove_dir_all(&dir).ok();
}

// ---------------------------------------------------------------- records

fn record_file(dir: &Path, name: &str, text: &[u8]) -> String {
    let p = dir.join(name);
    std::fs::write(&p, text).unwrap();
    p.to_str().unwrap().to_string()
}

#[test]
fn a_record_of_another_game_is_refused() {
    let dir = scratch("other-game");
    let rec = record_file(
        &dir,
        "chess.txt",
        b"[Game \"Chess\"]\n[File \"games/chess.lud\"]\n\n1. e2e3 e7e6 *\n",
    );
    let r = lud(&["replay", "games/shatranj.lud", &rec], b"");
    assert_refused(
        &r,
        1,
        "the record is of \"Chess\", not of \"Shatranj\"; replay it with the file of \"Chess\" (its File tag says games/chess.lud)",
    );
    let r = lud(&["explain", "games/shatranj.lud", "--record", &rec], b"");
    assert_eq!(r.code, 1, "{}: {}", r.line, r.stderr);
    let r = lud(&["play", "games/shatranj.lud", "--resume", &rec], b"");
    assert_eq!(r.code, 1, "{}: {}", r.line, r.stderr);
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn a_cut_short_record_that_claims_a_result_is_refused() {
    let dir = scratch("cut");
    let rec = record_file(
        &dir,
        "cut.txt",
        b"[Game \"Shatranj\"]\n[Result \"1-0\"]\n\n1. e2e3 e7e6 1-0\n",
    );
    let r = lud(&["replay", "games/shatranj.lud", &rec], b"");
    assert_refused(
        &r,
        1,
        "the record says 1-0, but the game is not over after its last move (ply 2); is the record cut short?",
    );
    let rec = record_file(&dir, "odd.txt", b"[Result \"2-0\"]\n\n1. e2e3\n");
    let r = lud(&["replay", "games/shatranj.lud", &rec], b"");
    assert_refused(&r, 1, "the Result tag is \"2-0\"");
    std::fs::remove_dir_all(&dir).ok();
}

/// A result claimed only after the moves (no tag), a tag and a result
/// after the moves that disagree, and two `Result` tags: each is a claim,
/// checked like the tag.
#[test]
fn a_result_claimed_after_the_moves_or_twice_is_checked() {
    let dir = scratch("claims");
    let rec = record_file(
        &dir,
        "untagged.txt",
        b"[Game \"Shatranj\"]\n\n1. e2e3 e7e6 1-0\n",
    );
    let r = lud(&["replay", "games/shatranj.lud", &rec], b"");
    assert_refused(&r, 1, "the record says 1-0, but the game is not over");
    let rec = record_file(
        &dir,
        "disagree.txt",
        b"[Result \"*\"]\n\n1. e2e3 e7e6 1-0\n",
    );
    let r = lud(&["replay", "games/shatranj.lud", &rec], b"");
    assert_refused(&r, 1, "the moves end with 1-0, but the record also says *");
    let rec = record_file(
        &dir,
        "twice.txt",
        b"[Result \"*\"]\n[Result \"1-0\"]\n\n1. e2e3 e7e6\n",
    );
    let r = lud(&["replay", "games/shatranj.lud", &rec], b"");
    assert_refused(&r, 1, "line 2: the tag `Result` is given twice");
    // An unfinished game that says so replays.
    let rec = record_file(&dir, "open.txt", b"[Result \"*\"]\n\n1. e2e3 e7e6 *\n");
    assert_ok(&lud(&["replay", "games/shatranj.lud", &rec], b""));
    // A game resigned says so in a Termination tag, and replays; a refusal
    // of a decisive result on a game not over says how.
    let rec = record_file(
        &dir,
        "resigned.txt",
        b"[Result \"1-0\"]\n[Termination \"resignation\"]\n\n1. e2e3 e7e6 1-0\n",
    );
    assert_ok(&lud(&["replay", "games/shatranj.lud", &rec], b""));
    let rec = record_file(
        &dir,
        "normal.txt",
        b"[Result \"1-0\"]\n[Termination \"Normal\"]\n\n1. e2e3 e7e6 1-0\n",
    );
    let r = lud(&["replay", "games/shatranj.lud", &rec], b"");
    assert_refused(&r, 1, "[Termination \"resignation\"]");
    std::fs::remove_dir_all(&dir).ok();
}

/// A `--record` path that cannot be written is refused before the game,
/// not found after it.
#[test]
fn play_refuses_a_record_path_it_cannot_write_before_the_game() {
    let r = lud(
        &random_game(
            "games/shatranj.lud",
            &["--record", "/nonexistent-folder-of-lud/game.txt"],
        ),
        b"",
    );
    assert_refused(
        &r,
        1,
        "cannot write the record to /nonexistent-folder-of-lud/game.txt",
    );
    assert!(
        !r.stdout.contains("Result:"),
        "the game was played: {}",
        r.stdout
    );
}

#[test]
fn a_record_stopped_by_the_move_limit_replays() {
    let dir = scratch("limit");
    let rec = dir.join("game.txt");
    let rec = rec.to_str().unwrap();
    let args = ["--seed", "2", "--max-plies", "12", "--record", rec];
    let r = lud(&random_game("games/shatranj.lud", &args), b"");
    assert!(r.stdout.contains("Draw by move limit"), "{}", r.stdout);
    assert_replays("games/shatranj.lud", rec);
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn a_bad_ruleset_or_options_tag_is_an_input_error_shown_at_the_tag() {
    let dir = scratch("tags");
    let rec = record_file(
        &dir,
        "murrey.txt",
        b"[Game \"Parsi Chess\"]\n[Ruleset \"Murrey\"]\n\n1. e2e3 *\n",
    );
    let r = lud(&["replay", "games/parsi-chess.lud", &rec], b"");
    assert_eq!(r.code, 1, "{}", r.stderr);
    let shown = r.stderr.replace(&rec, "RECORD");
    insta::with_settings!({omit_expression => true, prepend_module_to_snapshot => false}, {
        insta::assert_snapshot!("cli_record_bad_ruleset_tag", shown);
    });
    assert!(!r.stderr.contains("command line"), "{}", r.stderr);
    let rec = record_file(
        &dir,
        "options.txt",
        b"[Game \"Parsi Chess\"]\n[Options \"opening-moves=0 openin=3\"]\n\n1. e2e3 *\n",
    );
    let r = lud(&["replay", "games/parsi-chess.lud", &rec], b"");
    assert_refused(
        &r,
        1,
        "the record's Options tag: no option named \"openin\"",
    );
    assert!(r.stderr.contains("[Options \"opening-moves=0 openin=3\"]"));
    let rec = record_file(
        &dir,
        "noequals.txt",
        b"[Options \"opening-moves\"]\n\n1. e2e3 *\n",
    );
    let r = lud(&["replay", "games/parsi-chess.lud", &rec], b"");
    assert_refused(&r, 1, "an option is NAME=VALUE");
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn a_record_with_a_byte_order_mark_replays() {
    let dir = scratch("bom");
    let rec = record_file(
        &dir,
        "bom.txt",
        b"\xef\xbb\xbf[Game \"Shatranj\"]\n[Result \"*\"]\n\n1. e2e3 e7e6 *\n",
    );
    assert_replays("games/shatranj.lud", &rec);
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn an_empty_record_is_refused() {
    let dir = scratch("empty");
    for (name, body) in [
        ("empty.txt", &b""[..]),
        ("blank.txt", b"\n  \n; a comment\n"),
    ] {
        let rec = record_file(&dir, name, body);
        let r = lud(&["replay", "games/shatranj.lud", &rec], b"");
        assert_refused(&r, 1, "the record is empty");
    }
    std::fs::remove_dir_all(&dir).ok();
}

/// A record written to a device (`--record /dev/null`) is written, not
/// replaced (there is nothing to rename over).
#[cfg(unix)]
#[test]
fn play_writes_its_record_to_a_device_as_asked() {
    let args = ["--max-plies", "4", "--record", "/dev/null"];
    let r = lud(&random_game("games/shatranj.lud", &args), b"");
    assert_ok(&r);
    assert_eq!(r.stderr, "");
}
