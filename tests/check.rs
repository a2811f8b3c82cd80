//! Diagnostics: every broken file under `tests/fixtures/bad/` is rendered
//! (no colour, width 80) and snapshotted. Each fixture is named after the code
//! it must produce (`compile-unknown_ludeme.lud` → `lud::compile::unknown_ludeme`;
//! a second fixture of a code adds `+what` to the name: `lint-piece_never_appears+players_a_b.lud`),
//! and every code has a fixture. The `lint-*` fixtures give warnings (legal
//! but likely wrong); the others give errors.

use std::path::Path;

use lud::build::check;
use lud::compile::source_from_bytes;
use lud::diagnostics::{Diagnostics, Problem};

fn diagnose(path: &Path) -> Diagnostics {
    let bytes = std::fs::read(path).expect("fixture readable");
    let name = format!(
        "fixtures/bad/{}",
        path.file_name().unwrap().to_string_lossy()
    );
    match source_from_bytes(&name, &bytes) {
        Ok(src) => check(&src),
        Err(d) => d,
    }
}

fn code_of(path: &Path) -> String {
    let stem = path.file_stem().unwrap().to_string_lossy().to_string();
    let stem = stem.split('+').next().unwrap_or_default();
    let (stage, code) = stem.split_once('-').expect("fixture named stage-code");
    format!("lud::{stage}::{code}")
}

#[test]
fn bad_fixtures() {
    insta::glob!("fixtures/bad/*.lud", |path| {
        let d = diagnose(path);
        assert!(
            !d.problems.is_empty(),
            "{} gives no diagnostic",
            path.display()
        );
        let want = code_of(path);
        let codes: Vec<String> = d.problems.iter().map(Problem::code_str).collect();
        assert!(
            codes.contains(&want),
            "{} should report {want}, reported {codes:?}",
            path.display()
        );
        insta::with_settings!({omit_expression => true, prepend_module_to_snapshot => false}, {
            insta::assert_snapshot!(d.render_plain());
        });
    });
}

/// Every `(place ...)` a help suggests, in backquotes, that is complete (no `...`).
fn suggested_placements(help: &str) -> Vec<&str> {
    help.split('`')
        .skip(1)
        .step_by(2)
        .filter(|s| s.starts_with("(place ") && !s.contains("..."))
        .collect()
}

/// A lint's suggested placement is a fix: put into the fixture's
/// `(start {...})`, the file compiles and the warning is gone.
#[test]
fn a_suggested_placement_compiles_and_ends_the_warning() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/bad");
    let mut fixed = 0;
    let mut paths: Vec<_> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .collect();
    paths.sort();
    for path in paths {
        let d = diagnose(&path);
        for p in &d.problems {
            for place in suggested_placements(p.help_text().unwrap_or_default()) {
                let text = std::fs::read_to_string(&path).unwrap();
                let at = text
                    .find("(start {")
                    .expect("the fixture has (start {...})")
                    + 8;
                let new = format!("{}{place} {}", &text[..at], &text[at..]);
                let src = source_from_bytes("fixed.lud", new.as_bytes()).unwrap();
                let after = check(&src);
                assert!(
                    !after.has_errors(),
                    "{} with {place}:\n{}",
                    path.display(),
                    after.render_plain()
                );
                assert!(
                    !after
                        .problems
                        .iter()
                        .any(|q| q.code_str() == p.code_str() && q.help_text() == p.help_text()),
                    "{} with {place} still warns:\n{}",
                    path.display(),
                    after.render_plain()
                );
                fixed += 1;
            }
        }
    }
    // Both fixtures of a piece never placed give one.
    assert!(fixed >= 2, "{fixed} placements tried");
}

#[test]
fn the_placement_names_the_games_players_and_a_free_square() {
    let path = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/fixtures/bad/lint-piece_never_appears+players_a_b.lud");
    let d = diagnose(&path);
    let helps: Vec<&str> = d.problems.iter().filter_map(Problem::help_text).collect();
    assert_eq!(
        helps
            .iter()
            .flat_map(|h| suggested_placements(h))
            .collect::<Vec<_>>(),
        ["(place A \"Cannon\" c1)"],
        "{helps:?}"
    );
}

#[test]
fn every_code_has_a_fixture() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/bad");
    let have: Vec<String> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| code_of(&e.unwrap().path()))
        .collect();
    for code in Problem::CODES {
        let code = code.replace(' ', "");
        if code == "lud::input::too_large" {
            continue; // a megabyte fixture would be silly: see `a_huge_file_is_refused`
        }
        if code == "lud::options::too_much_to_check" {
            continue; // needs a large file: see tests/hostile_source.rs
        }
        assert!(have.contains(&code), "no fixture for {code}");
    }
}

#[test]
fn a_huge_file_is_refused() {
    let big = vec![b' '; lud::source::MAX_SOURCE_BYTES + 1];
    let d = source_from_bytes("huge.lud", &big).unwrap_err();
    assert_eq!(d.problems[0].code_str(), "lud::input::too_large");
    insta::with_settings!({omit_expression => true, prepend_module_to_snapshot => false}, {
        insta::assert_snapshot!(d.render_plain());
    });
}

#[test]
fn every_shipped_game_checks_clean() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("games");
    let mut n = 0;
    for e in std::fs::read_dir(dir).unwrap() {
        let p = e.unwrap().path();
        if p.extension().is_some_and(|x| x == "lud") {
            let src = lud::compile::read_source(&p).unwrap();
            let d = check(&src);
            assert!(
                d.problems.is_empty(),
                "{}:\n{}",
                p.display(),
                d.render_plain()
            );
            n += 1;
        }
    }
    assert!(n >= 1);
}

/// Text the parser cannot read, at the top level, is reported once, by
/// the parser (here a named argument outside any form, then an unexpected
/// token), not again as text standing outside the game.
#[test]
fn unreadable_text_at_the_top_level_is_reported_once() {
    let src = source_from_bytes("junk.lud", b"root:x:0:0:root:/root:/bin/bash\n").unwrap();
    let codes: Vec<String> = check(&src).problems.iter().map(Problem::code_str).collect();
    assert!(
        codes.contains(&"lud::syntax::invalid_token".to_string()),
        "{codes:?}"
    );
    assert!(
        !codes.contains(&"lud::compile::stray_top_level".to_string()),
        "unreadable text reported twice: {codes:?}"
    );
    // A word the parser reads is still out of place there.
    let src = source_from_bytes("word.lud", b"hello\n").unwrap();
    let codes: Vec<String> = check(&src).problems.iter().map(Problem::code_str).collect();
    assert!(
        codes.contains(&"lud::compile::stray_top_level".to_string()),
        "{codes:?}"
    );
}
