//! The interpreter is generic: no source file under `src/` names a game
//! (the check DEVELOPERS.md gives: `grep -rniE 'shatranj|parsi|nilakan' src/`,
//! with the names of the games of other families added).

use std::path::Path;

fn walk(dir: &Path, out: &mut Vec<std::path::PathBuf>) {
    for entry in std::fs::read_dir(dir).expect("src/ is readable") {
        let path = entry.expect("an entry").path();
        if path.is_dir() {
            walk(&path, out);
        } else {
            out.push(path);
        }
    }
}

#[test]
fn no_file_under_src_names_a_game() {
    let names = [
        "shatranj",
        "parsi",
        "nilakan",
        "xiangqi",
        "draughts",
        "checkers",
        "reversi",
        "othello",
        "amazon",
        "breakthrough",
        "gomoku",
        "connect6",
        "tablut",
        "morris",
        "tafl",
        "renju",
        "ataxx",
    ];
    let mut files = Vec::new();
    walk(
        &Path::new(env!("CARGO_MANIFEST_DIR")).join("src"),
        &mut files,
    );
    // The Python bindings' Rust too.
    walk(
        &Path::new(env!("CARGO_MANIFEST_DIR")).join("python/src"),
        &mut files,
    );
    assert!(files.len() > 10, "src/ was found");
    let mut found = Vec::new();
    for f in files {
        let text = std::fs::read_to_string(&f)
            .unwrap_or_default()
            .to_lowercase();
        for (i, line) in text.lines().enumerate() {
            for n in names {
                if line.contains(n) {
                    found.push(format!("{}:{}: {n}", f.display(), i + 1));
                }
            }
        }
    }
    assert!(
        found.is_empty(),
        "game names in src/:\n{}",
        found.join("\n")
    );
}
