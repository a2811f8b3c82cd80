//! `lud graph FILE [--text]`

use std::path::Path;

use super::{load, ConfigArgs, EXIT_OK};

pub(super) fn run(file: &Path, config: &ConfigArgs, text: bool) -> i32 {
    match load(file, config) {
        Ok(g) => {
            if text {
                out!("{}", g.graph().listing());
            } else {
                out!("{}", g.graph().to_dot());
            }
            EXIT_OK
        }
        Err(c) => c,
    }
}
