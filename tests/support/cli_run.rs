//! Runs the `lud` binary as a user runs it (`env!("CARGO_BIN_EXE_lud")`, from
//! the crate root, no colour, 80 columns), with bytes on its standard input
//! and a hang guard: a run still going after [`HANG`] is killed and the test
//! fails. Nothing here measures speed. Used by `tests/cli.rs` and
//! `tests/cli_hostile.rs`; the generated-games pipeline, the soak and the
//! fuzz harnesses use `run.rs` (CPU and memory limits, standard input closed).
#![allow(dead_code)]

use std::io::{Read, Write};
use std::path::PathBuf;
use std::process::{Child, Command, Stdio};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

/// How long any one run may take before it is taken for a hang.
pub(crate) const HANG: Duration = Duration::from_secs(30);

/// What one run did.
pub(crate) struct Run {
    /// The command line, for messages.
    pub(crate) line: String,
    pub(crate) code: i32,
    pub(crate) stdout: String,
    pub(crate) stderr: String,
}

/// `lud ARGS`, from the crate root, without colour, 80 columns wide.
pub(crate) fn command(args: &[&str]) -> Command {
    let mut c = Command::new(env!("CARGO_BIN_EXE_lud"));
    c.args(args)
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .env("NO_COLOR", "1")
        .env("COLUMNS", "80")
        .env_remove("RUST_BACKTRACE");
    c
}

/// Waits for a child, killing it (and failing) after [`HANG`].
pub(crate) fn wait(mut child: Child, what: &str) -> i32 {
    let t = Instant::now();
    loop {
        if let Some(s) = child.try_wait().expect("wait") {
            return s.code().unwrap_or(-1);
        }
        if t.elapsed() > HANG {
            let _ = child.kill();
            panic!("{what}: still running after {HANG:?}: a hang");
        }
        std::thread::sleep(Duration::from_millis(10));
    }
}

/// Collects a pipe on a thread of its own.
pub(crate) fn collect(mut r: impl Read + Send + 'static) -> Arc<Mutex<Vec<u8>>> {
    let buf = Arc::new(Mutex::new(Vec::new()));
    let b = Arc::clone(&buf);
    std::thread::spawn(move || {
        let mut chunk = [0u8; 8192];
        while let Ok(n) = r.read(&mut chunk) {
            if n == 0 {
                break;
            }
            b.lock().unwrap().extend_from_slice(&chunk[..n]);
        }
    });
    buf
}

/// Waits until a collector's pipe has closed.
pub(crate) fn closed(buf: &Arc<Mutex<Vec<u8>>>) {
    let t = Instant::now();
    while Arc::strong_count(buf) > 1 {
        assert!(t.elapsed() < HANG, "output never closed");
        std::thread::sleep(Duration::from_millis(5));
    }
}

/// What a collector has gathered so far, as text.
pub(crate) fn text(buf: &Arc<Mutex<Vec<u8>>>) -> String {
    String::from_utf8_lossy(&buf.lock().unwrap()).into_owned()
}

/// Runs a command made by [`command`] with `stdin` as its input (and
/// `input` written to it, if it is a pipe), with a hang guard.
pub(crate) fn run(mut c: Command, stdin: Stdio, input: Option<Vec<u8>>) -> Run {
    let line = c
        .get_args()
        .map(|a| a.to_string_lossy().into_owned())
        .collect::<Vec<_>>()
        .join(" ");
    let mut child = c
        .stdin(stdin)
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("lud runs");
    let out = collect(child.stdout.take().unwrap());
    let err = collect(child.stderr.take().unwrap());
    if let Some(bytes) = input {
        let mut w = child.stdin.take().unwrap();
        std::thread::spawn(move || {
            let _ = w.write_all(&bytes);
        });
    }
    let code = wait(child, &line);
    closed(&out);
    closed(&err);
    Run {
        line,
        code,
        stdout: text(&out),
        stderr: text(&err),
    }
}

/// Runs lud with `stdin` as its input (and `input` written to it, if it is
/// a pipe), with a hang guard.
pub(crate) fn lud_with(args: &[&str], stdin: Stdio, input: Option<Vec<u8>>) -> Run {
    run(command(args), stdin, input)
}

/// Runs lud with `input` on its standard input.
pub(crate) fn lud(args: &[&str], input: impl AsRef<[u8]>) -> Run {
    lud_with(args, Stdio::piped(), Some(input.as_ref().to_vec()))
}

/// A fresh directory for one test, named after `name`.
pub(crate) fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("lud-cli-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// `play FILE --white WHITE --black BLACK`, then `extra` (a seed, a move
/// cap, a record, ...).
pub(crate) fn play<'a>(
    file: &'a str,
    white: &'a str,
    black: &'a str,
    extra: &[&'a str],
) -> Vec<&'a str> {
    let mut args = vec!["play", file, "--white", white, "--black", black];
    args.extend_from_slice(extra);
    args
}

/// `play FILE` between two random players, then `extra`.
pub(crate) fn random_game<'a>(file: &'a str, extra: &[&'a str]) -> Vec<&'a str> {
    play(file, "random", "random", extra)
}

/// The run ended with exit code 0.
pub(crate) fn assert_ok(r: &Run) {
    assert_eq!(r.code, 0, "{}: {}", r.line, r.stderr);
}

/// The run ended with `code`, and its stderr says `needle`.
pub(crate) fn assert_refused(r: &Run, code: i32, needle: &str) {
    assert_eq!(r.code, code, "{}: {}", r.line, r.stderr);
    assert!(r.stderr.contains(needle), "{}: {}", r.line, r.stderr);
}

/// `lud replay FILE RECORD` replays the record (exit 0).
pub(crate) fn assert_replays(file: &str, record: &str) {
    assert_ok(&lud(&["replay", file, record], b""));
}
