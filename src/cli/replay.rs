//! `lud replay FILE RECORD`

use std::path::Path;

use super::{load, ConfigArgs, EXIT_INPUT, EXIT_OK};
use crate::record::Record;

pub(super) fn run(file: &Path, record: &Path, config: &ConfigArgs) -> i32 {
    let text = match std::fs::read_to_string(record) {
        Ok(t) => t,
        Err(e) => {
            eprintln!("error: cannot read {}: {e}", record.display());
            return EXIT_INPUT;
        }
    };
    let rec = match Record::parse(&text) {
        Ok(r) => r,
        Err(e) => {
            eprintln!("error: {}: {e}", record.display());
            return EXIT_INPUT;
        }
    };
    // The record names the ruleset and options it was played with.
    let mut config = config.clone();
    if config.is_empty() {
        config.ruleset = rec.tag("Ruleset").map(str::to_string);
        if let Some(opts) = rec.tag("Options") {
            config.options = opts.split_whitespace().map(str::to_string).collect();
        }
    }
    let game = match load(file, &config) {
        Ok(g) => g,
        Err(c) => return c,
    };
    match rec.replay(&game) {
        Ok(pos) => {
            print!("{}", crate::draw::position(&pos));
            println!("{pos}");
            if let Some(o) = pos.outcome() {
                let expected = rec.tag("Result");
                if expected.is_some_and(|r| r != o.score()) {
                    eprintln!(
                        "error: the record says {}, but the game ends {}",
                        expected.unwrap_or("?"),
                        o.score()
                    );
                    return EXIT_INPUT;
                }
            }
            EXIT_OK
        }
        Err(e) => {
            eprintln!("error: {}: {e}", record.display());
            EXIT_INPUT
        }
    }
}
