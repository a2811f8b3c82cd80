//! `lud graph FILE [--text]`

use std::path::Path;

use super::{load, EXIT_OK};

pub(super) fn run(file: &Path, text: bool) -> i32 {
    match load(file) {
        Ok(g) => {
            if text {
                print!("{}", g.graph().listing());
            } else {
                print!("{}", g.graph().to_dot());
            }
            EXIT_OK
        }
        Err(c) => c,
    }
}
