//! `lud check FILE... [--ruleset R] [--option K=V]`

use std::path::PathBuf;

use super::{report, style, width, ConfigArgs, EXIT_INPUT, EXIT_OK, EXIT_USAGE};
use crate::compile::{check, compile_with, read_source, CompileError, ReadError};

pub(super) fn run(files: &[PathBuf], config: &ConfigArgs) -> i32 {
    let cfg = match config.config() {
        Ok(c) => c,
        Err(e) => {
            eprintln!("error: {e}");
            return EXIT_USAGE;
        }
    };
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
        let d = if config.is_empty() {
            check(&source)
        } else {
            match compile_with(&source, &cfg) {
                Ok(_) => crate::diagnostics::Diagnostics::new(source.clone(), Vec::new()),
                Err(CompileError::Source(d)) => d,
                Err(CompileError::Config(e)) => {
                    report(e.as_ref());
                    code = EXIT_USAGE;
                    continue;
                }
            }
        };
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
