//! `lud fmt FILE... [--check]`: rewrites each file in the canonical layout
//! (see `syntax::format`); with `--check`, changes nothing and names each file
//! that is not in it. A file that cannot be read or has syntax errors is left
//! alone and its problems are printed. A file is read with the bound of a
//! game file and rewritten atomically (a new file renamed over it, with the
//! old one's permissions), so a failure never leaves half a file.

use std::path::{Path, PathBuf};

use super::{style, width, EXIT_INPUT, EXIT_OK};
use crate::compile::source_from_bytes;
use crate::diagnostics::Diagnostics;
use crate::source::MAX_SOURCE_BYTES;
use crate::syntax::{format, FormatError};

pub(super) fn run(files: &[PathBuf], check: bool) -> i32 {
    let mut code = EXIT_OK;
    for f in files {
        if !one(f, check) {
            code = EXIT_INPUT;
        }
    }
    code
}

/// Formats or checks one file; whether it is fine (formatted, or rewritten).
fn one(path: &Path, check: bool) -> bool {
    let name = path.display().to_string();
    let bytes = match crate::input::read_file(path, MAX_SOURCE_BYTES) {
        Ok(b) => b,
        Err(e) => {
            eoutln!("error: cannot read {name}: {e}");
            return false;
        }
    };
    let source = match source_from_bytes(&name, &bytes) {
        Ok(s) => s,
        Err(d) => {
            eout!("{}", d.render(style(), width()));
            return false;
        }
    };
    let formatted = match format(&source) {
        Ok(t) => t,
        Err(FormatError::Syntax(problems)) => {
            let d = Diagnostics::new(source, problems);
            eout!("{}", d.render(style(), width()));
            eoutln!(
                "{name}: not formatted: {} syntax error(s) to fix first",
                d.error_count()
            );
            return false;
        }
        Err(e @ (FormatError::Unsafe | FormatError::TooLarge)) => {
            eoutln!("error: {name}: {e}; the file is left as it is");
            return false;
        }
    };
    if formatted.as_bytes() == bytes.as_slice() {
        return true;
    }
    if check {
        let old = String::from_utf8_lossy(&bytes);
        let (line, found, expected) = first_difference(&old, &formatted);
        outln!("{name}: not formatted (first difference at line {line})");
        outln!("    found:    {}", shown(found));
        outln!("    expected: {}", shown(expected));
        return false;
    }
    if let Err(e) = super::io::write_atomic(path, formatted.as_bytes()) {
        eoutln!("error: cannot write {name}: {e}; the file is left as it was");
        return false;
    }
    outln!("formatted {name}");
    true
}

/// The first line (1-based) where two texts differ, and that line in each
/// (`None` past the end).
fn first_difference<'a>(old: &'a str, new: &'a str) -> (usize, Option<&'a str>, Option<&'a str>) {
    let mut a = old.split_inclusive('\n');
    let mut b = new.split_inclusive('\n');
    let mut line = 1;
    loop {
        match (a.next(), b.next()) {
            (Some(x), Some(y)) if x == y => line += 1,
            (x, y) => return (line, x, y),
        }
    }
}

/// A line for the hint: its end made visible, cut if long.
fn shown(line: Option<&str>) -> String {
    const MAX: usize = 100;
    let Some(l) = line else {
        return "(end of file)".to_string();
    };
    let body = l.trim_end_matches(['\n', '\r']);
    let mut out: String = body.chars().take(MAX).collect();
    if body.chars().count() > MAX {
        out.push_str(" ...");
    }
    if body.ends_with([' ', '\t']) {
        out.push_str("  [trailing spaces]");
    }
    if l.ends_with("\r\n") {
        out.push_str("  [CRLF]");
    } else if !l.ends_with('\n') {
        out.push_str("  [no newline at the end]");
    }
    out
}
