//! `lud check FILE... [--format text|json] [--allow-warnings] [--ruleset R] [--option K=V]`
//!
//! Exit code 1 if any file has an error, or a warning unless
//! `--allow-warnings`; 2 for a ruleset or option the game does not have.

use std::path::PathBuf;

use super::{report, style, width, ConfigArgs, Format, EXIT_INPUT, EXIT_OK, EXIT_USAGE};
use crate::build::{check, check_with};
use crate::compile::{read_source, CompileError, ReadError};
use crate::diagnostics::Diagnostics;

pub(super) fn run(
    files: &[PathBuf],
    config: &ConfigArgs,
    format: Format,
    allow_warnings: bool,
) -> i32 {
    let cfg = match config.config() {
        Ok(c) => c,
        Err(e) => {
            eoutln!("error: {e}");
            return EXIT_USAGE;
        }
    };
    let mut code = EXIT_OK;
    for f in files {
        let d = match read_source(f) {
            Ok(source) if config.is_empty() => check(&source),
            Ok(source) => match check_with(&source, &cfg) {
                Ok(d) => d,
                Err(CompileError::Config(e)) => {
                    report(e.as_ref());
                    code = EXIT_USAGE;
                    continue;
                }
                Err(CompileError::Source(d)) => d,
            },
            Err(ReadError::Io { path, error }) => {
                match format {
                    Format::Text => eoutln!("error: cannot read {path}: {error}"),
                    Format::Json => outln!(
                        "{}",
                        serde_json::json!({
                            "file": path,
                            "severity": "error",
                            "code": "lud::input::io",
                            "message": format!("cannot read {path}: {error}"),
                            "label": null,
                            "span": null,
                            "help": "check the path",
                            "notes": [],
                        })
                    ),
                }
                code = code.max(EXIT_INPUT);
                continue;
            }
            Err(ReadError::Bad(d)) => *d,
        };
        print_one(f, &d, format);
        if d.has_errors() || (d.warning_count() > 0 && !allow_warnings) {
            code = code.max(EXIT_INPUT);
        }
    }
    code
}

fn print_one(f: &std::path::Path, d: &Diagnostics, format: Format) {
    match format {
        Format::Json => out!("{}", d.to_json_lines()),
        Format::Text => {
            if !d.problems.is_empty() {
                eout!("{}", d.render(style(), width()));
            }
            let (e, w) = (d.error_count(), d.warning_count());
            match (e, w) {
                (0, 0) => outln!("{}: ok", f.display()),
                (0, w) => eoutln!("{}: {w} warning(s)", f.display()),
                (e, 0) => eoutln!("{}: {e} error(s)", f.display()),
                (e, w) => eoutln!("{}: {e} error(s), {w} warning(s)", f.display()),
            }
        }
    }
}
