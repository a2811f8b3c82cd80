//! `lud` on a pseudo-terminal of its own (rexpect), for the tests of what a
//! person sees on a terminal: `play` sessions, typed SAN and columns,
//! `replay --step`, progress bars. Unix only. Where no pseudo-terminal can
//! be opened, a test says so and passes.
#![allow(dead_code)]

use std::process::Command;

use rexpect::session::{spawn_command, PtySession};

/// How long any one expected text may take to appear.
pub(crate) const WAIT_MS: u64 = 30_000;

/// `lud ARGS` on a pseudo-terminal 80 columns wide (see [`lud_on_a_terminal_of`]).
pub(crate) fn lud_on_a_terminal(args: &[&str]) -> Option<PtySession> {
    lud_on_a_terminal_of(args, 80)
}

/// `lud ARGS` on a pseudo-terminal (stdout and stderr both on it), from the
/// crate root, without colour, `columns` wide; `None`, with a note, where no
/// pseudo-terminal can be opened.
pub(crate) fn lud_on_a_terminal_of(args: &[&str], columns: u16) -> Option<PtySession> {
    let mut c = Command::new(env!("CARGO_BIN_EXE_lud"));
    c.args(args)
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .env("NO_COLOR", "1")
        .env("COLUMNS", columns.to_string())
        .env("TERM", "xterm")
        .env_remove("RUST_BACKTRACE");
    match spawn_command(c, Some(WAIT_MS)) {
        Ok(s) => Some(s),
        Err(e) => {
            eprintln!("note: no pseudo-terminal could be opened ({e}); skipped");
            None
        }
    }
}
