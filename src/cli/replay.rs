//! `lud replay FILE RECORD`

use std::path::Path;

use super::{load, EXIT_INPUT, EXIT_OK};
use crate::record::Record;

pub(super) fn run(file: &Path, record: &Path) -> i32 {
    let game = match load(file) {
        Ok(g) => g,
        Err(c) => return c,
    };
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
