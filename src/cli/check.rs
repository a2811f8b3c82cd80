//! `lud check FILE...`

use std::path::PathBuf;

use super::{style, width, EXIT_INPUT, EXIT_OK};
use crate::compile::{check, read_source, ReadError};

pub(super) fn run(files: &[PathBuf]) -> i32 {
    let mut code = EXIT_OK;
    for f in files {
        let source = match read_source(f) {
            Ok(s) => s,
            Err(ReadError::Io { path, error }) => {
                eprintln!("error: cannot read {path}: {error}");
                code = EXIT_INPUT;
                continue;
            }
            Err(ReadError::Bad(d)) => {
                eprint!("{}", d.render(style(), width()));
                code = EXIT_INPUT;
                continue;
            }
        };
        let d = check(&source);
        if !d.problems.is_empty() {
            eprint!("{}", d.render(style(), width()));
        }
        if d.has_errors() {
            eprintln!("{}: {} error(s)", f.display(), d.error_count());
            code = EXIT_INPUT;
        } else {
            println!("{}: ok", f.display());
        }
    }
    code
}
