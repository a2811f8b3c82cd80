//! `lud replay FILE RECORD`: plays a record back, every move checked, and
//! checks that it is of this game and that the result it claims is where its
//! moves lead.

use std::path::Path;

use super::{records, ConfigArgs, EXIT_INPUT, EXIT_OK};

pub(super) fn run(file: &Path, record: &Path, config: &ConfigArgs) -> i32 {
    let rec = match records::read(record) {
        Ok(r) => r,
        Err(c) => return c,
    };
    let game = match records::load_game(file, config, &rec) {
        Ok(g) => g,
        Err(c) => return c,
    };
    let pos = match rec.record.replay(&game) {
        Ok(pos) => pos,
        Err(e) => {
            eoutln!("error: {}: {e}", record.display());
            return EXIT_INPUT;
        }
    };
    out!("{}", crate::draw::position(&pos));
    outln!("{pos}");
    if let Err(e) = rec.record.check_result(&pos) {
        eoutln!("error: {}: {e}", record.display());
        return EXIT_INPUT;
    }
    EXIT_OK
}
