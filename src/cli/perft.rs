//! `lud perft FILE DEPTH [--position P] [--divide] [--threads N]`

use std::path::Path;
use std::time::Instant;

use super::{load, start_position, ConfigArgs, EXIT_OK};

pub(super) fn run(
    file: &Path,
    config: &ConfigArgs,
    depth: u32,
    position: Option<&str>,
    divide: bool,
    threads: usize,
) -> i32 {
    let game = match load(file, config) {
        Ok(g) => g,
        Err(c) => return c,
    };
    let pos = match start_position(&game, position) {
        Ok(p) => p,
        Err(c) => return c,
    };
    let t = Instant::now();
    let nodes = if divide {
        let rows = crate::perft::divide(&pos, depth);
        for (m, n) in &rows {
            println!("{m}: {n}");
        }
        println!();
        rows.iter().map(|(_, n)| n).sum()
    } else {
        crate::perft::perft_threads(&pos, depth, threads)
    };
    let secs = t.elapsed().as_secs_f64();
    println!("{nodes}");
    eprintln!(
        "depth {depth}: {nodes} nodes in {secs:.3} s ({:.1} M nodes/s)",
        nodes as f64 / secs.max(1e-9) / 1e6
    );
    EXIT_OK
}
