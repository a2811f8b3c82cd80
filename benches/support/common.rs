//! What the benches share: the shipped games.

use std::path::{Path, PathBuf};

/// Every `games/*.lud`, sorted.
pub(crate) fn game_files() -> Vec<PathBuf> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("games");
    let mut files: Vec<_> = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|x| x == "lud"))
        .collect();
    files.sort();
    files
}
