//! Every crash the fuzzing found, kept: each file under tests/fixtures/crash/
//! goes through the pipeline again and must not panic, hang or blow up.
//!
//! - `*.lud`: a game file, minimised, whose first line is a `//` comment
//!   saying what it found; it runs through the whole pipeline
//!   (tests/support/pipeline.rs): check, perft 2, explain, random and computer
//!   play, the record replayed, bench.
//! - `*.args`: `#` comment lines saying what it found, then one line of
//!   arguments to `lud` (double quotes group words; paths are from the crate
//!   root), for a position, move or record input; the run may succeed or
//!   refuse the input (exit 0 or 1), nothing else.
//!
//! Each failing fixture is named in the failure message, with the command that
//! reproduces it.

#[path = "support/pipeline.rs"]
mod pipeline;
#[path = "support/run.rs"]
mod run;

use std::fmt::Write as _;
use std::path::{Path, PathBuf};

use pipeline::{pipeline, Depth};

fn fixtures(ext: &str) -> Vec<PathBuf> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/crash");
    let mut v: Vec<PathBuf> = std::fs::read_dir(dir)
        .map(|d| {
            d.map(|e| e.expect("an entry").path())
                .filter(|p| p.extension().is_some_and(|e| e == ext))
                .collect()
        })
        .unwrap_or_default();
    v.sort();
    v
}

/// Splits an argument line: words by white space, double quotes grouping.
fn split_args(line: &str) -> Vec<String> {
    let mut out = Vec::new();
    let mut cur = String::new();
    let mut quoted = false;
    let mut any = false;
    for c in line.chars() {
        match c {
            '"' => {
                quoted = !quoted;
                any = true;
            }
            c if c.is_whitespace() && !quoted => {
                if any {
                    out.push(std::mem::take(&mut cur));
                    any = false;
                }
            }
            c => {
                cur.push(c);
                any = true;
            }
        }
    }
    if any {
        out.push(cur);
    }
    out
}

#[test]
fn crash_fixtures_run_without_panic_hang_or_blow_up() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let scratch = Path::new(env!("CARGO_TARGET_TMPDIR")).join("crash-fixtures");
    std::fs::create_dir_all(&scratch).expect("the scratch folder can be made");
    let games = fixtures("lud");
    let inputs = fixtures("args");
    assert!(
        !games.is_empty() || !inputs.is_empty(),
        "tests/fixtures/crash/ holds the crashes found"
    );
    // The game fixtures, on every core (a hang costs its time limit).
    let reports = pipeline::parallel(games.len() as u64, pipeline::workers(), |i| {
        let file = &games[i as usize];
        let rel = file.strip_prefix(root).unwrap_or(file);
        let rec = scratch.join(format!("f{i}.record"));
        pipeline(rel, 1, &[], Depth::Full, &rec)
    });
    let mut failed = Vec::new();
    for (file, rep) in games.iter().zip(reports) {
        let rel = file.strip_prefix(root).unwrap_or(file);
        let text = std::fs::read_to_string(file).expect("a fixture can be read");
        assert!(
            text.starts_with("//"),
            "{}: the first line says what it found",
            rel.display()
        );
        if !rep.failures.is_empty() {
            let mut s = format!(
                "FAILED {}: {}\n",
                rel.display(),
                text.lines().next().unwrap_or("")
            );
            for (line, f) in &rep.failures {
                let _ = writeln!(s, "    {line}\n      -> {f}");
            }
            failed.push(s);
        }
    }
    for file in &inputs {
        let rel = file.strip_prefix(root).unwrap_or(file);
        let text = std::fs::read_to_string(file).expect("a fixture can be read");
        let comment: Vec<&str> = text.lines().filter(|l| l.starts_with('#')).collect();
        assert!(
            !comment.is_empty(),
            "{}: a `#` line says what it found",
            rel.display()
        );
        let Some(line) = text
            .lines()
            .find(|l| !l.starts_with('#') && !l.trim().is_empty())
        else {
            panic!("{}: no argument line", rel.display());
        };
        let args = split_args(line);
        let a: Vec<&str> = args.iter().map(String::as_str).collect();
        let r = run::lud(&a, run::hang_guard());
        if let Some(f) = r.failure(&[0, 1]) {
            failed.push(format!(
                "FAILED {}: {}\n    {}\n      -> {f}\n",
                rel.display(),
                comment[0],
                r.line
            ));
        }
    }
    println!(
        "{} game fixtures, {} input fixtures, {} failed",
        games.len(),
        inputs.len(),
        failed.len()
    );
    assert!(
        failed.is_empty(),
        "{} of {} crash fixtures still fail:\n{}",
        failed.len(),
        games.len() + inputs.len(),
        failed.join("")
    );
}

#[test]
fn argument_lines_split_on_spaces_and_group_in_quotes() {
    assert_eq!(
        split_args(r#"explain games/chess.lud --position "8/8 w - - 0 1"  e2e4"#),
        [
            "explain",
            "games/chess.lud",
            "--position",
            "8/8 w - - 0 1",
            "e2e4"
        ]
    );
    assert_eq!(split_args(r#"a "" b"#), ["a", "", "b"]);
}
