//! `lud fmt FILE... [--check]`

use std::path::PathBuf;

use super::EXIT_INPUT;

pub(super) fn run(files: &[PathBuf], check: bool) -> i32 {
    let _ = (files, check);
    eprintln!("error: lud fmt is not written yet");
    EXIT_INPUT
}
